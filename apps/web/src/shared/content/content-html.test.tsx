import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { ContentHtml, piecesOf } from './content-html';

const video =
  '<div data-video="youtube" data-id="dQw4w9WgXcQ" data-title="როგორ ავიღოთ &quot;სესხი&quot;"></div>';

function renderHtml(html: string) {
  return renderRoutes([{ path: '/', element: <ContentHtml html={html} contentKey="faq" /> }]);
}

describe('piecesOf', () => {
  it('cuts the HTML at the videos the sanitiser writes, and nowhere else', () => {
    expect(piecesOf(`<p>a</p>${video}<p>b</p>`)).toEqual([
      { html: '<p>a</p>' },
      { videoId: 'dQw4w9WgXcQ', title: 'როგორ ავიღოთ "სესხი"' },
      { html: '<p>b</p>' },
    ]);
    expect(piecesOf('<div data-video="vimeo" data-id="1"></div>')).toEqual([
      { html: '<div data-video="vimeo" data-id="1"></div>' },
    ]);
  });
});

describe('ContentHtml', () => {
  it('renders the text as HTML, with the key marked for hydration', () => {
    const { container } = renderHtml('<h2>კითხვა</h2><p><a href="https://nbg.gov.ge">nbg</a></p>');
    expect(screen.getByRole('heading', { level: 2, name: 'კითხვა' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'nbg' })).toHaveAttribute('href', 'https://nbg.gov.ge');
    expect(container.querySelector('[data-content="faq"]')).not.toBeNull();
  });

  it('shows a video as a facade (title, play button, no frame) until a tap, then the no-cookie player', async () => {
    const { container, user } = renderHtml(`<p>ვიდეო:</p>${video}`);
    const play = screen.getByRole('button', { name: 'ვიდეოს ჩართვა: როგორ ავიღოთ "სესხი"' });
    expect(play).toHaveTextContent('როგორ ავიღოთ "სესხი"');
    expect(container.querySelector('iframe')).toBeNull();
    // Nothing in the facade points at another origin (the poster is drawn in CSS).
    expect(container.innerHTML).not.toMatch(/youtube|ytimg|https?:/);

    await user.click(play);
    const player = container.querySelector('iframe');
    expect(player).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    );
    expect(player).toHaveAttribute('title', 'როგორ ავიღოთ "სესხი"');
    expect(player?.className).toBe(play.className.split(' ')[0]);
  });
});
