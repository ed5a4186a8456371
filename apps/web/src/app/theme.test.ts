import { describe, expect, it } from 'vitest';
import { theme } from './theme';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const value = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const white = '#ffffff';

describe('the theme meets WCAG AA contrast for text', () => {
  for (const name of ['indigo', 'green', 'teal', 'orange', 'red'] as const) {
    const shades = theme.colors?.[name];
    it(`${name}: white on the filled shade, shade 9 on white and on the light backgrounds`, () => {
      if (!shades) throw new Error(`no ${name} in the theme`);
      expect(contrast(white, shades[8])).toBeGreaterThanOrEqual(4.5);
      expect(contrast(shades[9], white)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(shades[9], shades[1])).toBeGreaterThanOrEqual(4.5);
      expect(contrast(shades[9], shades[2])).toBeGreaterThanOrEqual(4.5);
    });
  }

  it('green status text is at least 4.5:1 on white (Mantine’s own is 4.36:1)', () => {
    expect(contrast(theme.colors?.green?.[9] ?? '', white)).toBeGreaterThanOrEqual(4.5);
  });
});
