import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/i18n';
import { expectFormattedWordingShown, formattedWording } from '../../test/consent-wording';
import { renderRoutes } from '../../test/render';
import { GeorgianText } from './georgian-text';

afterEach(async () => {
  await setLocale('ka');
});

const html = '<p>პირველი აბზაცი.</p><p>მეორე აბზაცი.</p>';

describe('a text the server has in Georgian only', () => {
  it('shows its paragraphs apart, marked as Georgian, with no note in Georgian', () => {
    renderRoutes([{ path: '/', element: <GeorgianText html={html} /> }]);
    expect(screen.getByText('პირველი აბზაცი.').tagName).toBe('P');
    expect(screen.getByText('მეორე აბზაცი.').tagName).toBe('P');
    expect(screen.getByText('მეორე აბზაცი.').closest('[lang]')).toHaveAttribute('lang', 'ka');
    expect(screen.queryByText(/მხოლოდ ქართულ ენაზე/)).not.toBeInTheDocument();
  });

  it('keeps the formatting its editor published, and shows escaped markup as text', async () => {
    renderRoutes([{ path: '/', element: <GeorgianText html={formattedWording.html} /> }]);
    await expectFormattedWordingShown();
  });

  it('says once, in English, that it is available in Georgian only', async () => {
    await setLocale('en');
    renderRoutes([{ path: '/', element: <GeorgianText html={html} /> }]);
    expect(screen.getAllByText('This text is available in Georgian only.')).toHaveLength(1);
    expect(
      screen.getByText('This text is available in Georgian only.').closest('[lang]'),
    ).not.toHaveAttribute('lang', 'ka');
  });
});
