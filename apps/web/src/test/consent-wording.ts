import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { jsonResponse } from './api-fixtures';

/** A wording's SHA-256 as the consent GETs send it (the screens only show and send the text). */
export const wordingSha256Fixture = '5e'.repeat(32);

export const wordingChangedMessage = 'ტექსტი შეიცვალა, გთხოვთ, წაიკითხოთ ხელახლა';

/** The server's 409 to a consent given to a wording replaced since it was shown. */
export function wordingChanged(field: string) {
  return jsonResponse(
    { status: 'error', message: wordingChangedMessage, [field]: [wordingChangedMessage] },
    409,
  );
}

/**
 * A consent wording as the server sends it: the plain text, and the HTML its editor published
 * as the server's sanitiser left it (a list, bold, and a script typed as text, escaped).
 */
export const formattedWording = {
  text: 'ვეთანხმები:\nპირველ პირობას\nმეორე პირობას\n<script>alert(1)</script>',
  html: '<p>ვეთანხმები:</p><ul><li><p><strong>პირველ</strong> პირობას</p></li><li><p>მეორე პირობას</p></li></ul><p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
};

/** The screen shows `formattedWording` as published: list and bold kept, the script as text. */
export async function expectFormattedWordingShown(): Promise<void> {
  const bold = await screen.findByText('პირველ');
  expect(bold.tagName).toBe('STRONG');
  const wording = bold.closest<HTMLElement>('[lang]');
  expect(wording).toHaveAttribute('lang', 'ka');
  if (!wording) return;
  expect(
    within(wording)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['პირველ პირობას', 'მეორე პირობას']);
  expect(within(wording).getByText('<script>alert(1)</script>').tagName).toBe('P');
  expect(wording.querySelector('script')).toBeNull();
}
