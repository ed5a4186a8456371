import { createTheme, type CSSVariablesResolver } from '@mantine/core';

const fontFamily =
  '"Noto Sans Georgian", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** Indigo at shade 8 keeps white text on buttons and links on white above WCAG AA (5.7:1). */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 6 },
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
});

/**
 * Mantine's dimmed grey (3.3:1 on white) fails AA for body text; gray 7 gives 8:1. Its error red
 * (red 6, 3.6:1) fails AA for the messages under fields; red 9 gives 5.6:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
