import {
  createTheme,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

const fontFamily =
  '"Noto Sans Georgian", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** Mantine's palette with its darkest shades replaced (index → colour). */
function darkened(name: string, shades: Record<number, string>): MantineColorsTuple {
  const tuple = [...(DEFAULT_THEME.colors[name] ?? [])];
  for (const [index, colour] of Object.entries(shades)) tuple[Number(index)] = colour;
  return tuple as unknown as MantineColorsTuple;
}

/**
 * Darker 8 and 9 shades where Mantine's fail WCAG AA (4.5:1) for text. Shade 8 (the filled
 * shade, see primaryShade) carries white text; shade 9 is the text of the light and subtle
 * variants, on shade 1 (light) and shade 2 (hover). Mantine's green 9 (#2b8a3e) gives 4.36:1
 * on white and 3.8:1 on green 1; the shades below give at least 4.9:1 on shade 2.
 */
const colors = {
  indigo: darkened('indigo', { 9: '#2f44ad' }),
  green: darkened('green', { 7: '#2b8a3e', 8: '#237a35', 9: '#1e6e30' }),
  teal: darkened('teal', { 8: '#08785a', 9: '#066b4d' }),
  orange: darkened('orange', { 8: '#c2410c', 9: '#a8360a' }),
  red: darkened('red', { 9: '#a51d1d' }),
};

/** Indigo at shade 8 keeps white text on buttons and links on white above WCAG AA (5.7:1). */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 6 },
  colors,
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
});

/**
 * Mantine's dimmed grey (3.3:1 on white) fails AA for body text; gray 7 gives 8:1. Its error red
 * (red 6, 3.6:1) fails AA for the messages under fields; red 9 gives 7:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
