import boldFontFaces from './bold-fonts.css?url';

/**
 * Adds the bolder weights' font faces (bold-fonts.css). Called once the app has rendered: on a
 * phone's slow network their files, about 80 KB, had arrived before a signed-in screen's code.
 */
export function addBoldFonts(): void {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = boldFontFaces;
  document.head.append(link);
}
