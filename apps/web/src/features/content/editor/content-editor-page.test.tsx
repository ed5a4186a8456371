import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
// The server's own sanitiser answers the preview, as the server does.
import { sanitiseContent } from '../../../../../server/src/modules/content/sanitise.ts';
import {
  customerFixture,
  jsonResponse,
  bodiesSentTo,
  requestsTo,
  type ApiAnswer,
} from '../../../test/api-fixtures';
import { sameDocument } from '../../../test/same-document';
import { renderApp } from '../../../test/render-app';
import { mockXhr } from '../../../test/xhr-fixtures';
import { session } from '../../../shared/session/session';

const editor = { ...customerFixture, roles: ['content_editor' as const] };

const published: ApiAnswer = (body) => {
  const { locale, html } = body as { locale: string; html: string };
  return jsonResponse({ status: 'success', content: { key: 'claims', locale, version: 2, html } });
};

const previewed: ApiAnswer = (body) =>
  jsonResponse({ status: 'success', html: sanitiseContent((body as { html: string }).html) });

const image = '/api/content/images/3f0c1b2a-1111-4222-8333-444455556666';
/** Another image: the editor keeps the images it fetched for the session. */
const uploadedImage = '/api/content/images/3f0c1b2a-1111-4222-8333-444455556677';
const pngBytes = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
const imageAnswer: ApiAnswer = () =>
  new Response(new Blob([pngBytes], { type: 'image/png' }), {
    headers: { 'Content-Type': 'image/png' },
  });

function claims(html: string): ApiAnswer {
  return () =>
    jsonResponse({ status: 'success', content: { key: 'claims', locale: 'ka', version: 4, html } });
}

async function editorOpened() {
  // The editor's chunk (Tiptap) loads first.
  await screen.findByRole(
    'heading',
    { level: 1, name: 'ტექსტების რედაქტირება' },
    { timeout: 10_000 },
  );
  return screen.getByRole('textbox', { name: /ტექსტის რედაქტორი/ });
}

// jsdom has no layout: ProseMirror measures a selection's range to scroll it into view.
Object.assign(Range.prototype, {
  getClientRects: () => [],
  getBoundingClientRect: () => new DOMRect(),
});

beforeEach(() => {
  session.set(editor);
});

describe('/content', () => {
  it('is for content editors only', async () => {
    session.set(customerFixture);
    renderApp('/content');
    // A customer is sent on to their own page.
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent(
      'ტექსტების რედაქტირება',
    );
  });

  it('loads the chosen text, previews it at phone width and publishes after a confirmation', async () => {
    const { user, fetchMock } = renderApp('/content', {
      'PUT /api/content/claims': published,
      'POST /api/content/preview': previewed,
    });
    await editorOpened();
    expect(screen.getByLabelText('ტექსტი')).toHaveValue('claims');
    const preview = screen.getByTestId('content-preview');
    await waitFor(() => {
      expect(within(preview).getByRole('link', { name: 'nbg.gov.ge' })).toBeInTheDocument();
    });
    expect(screen.getByText('მიმდინარე ვერსია: 1')).toBeInTheDocument();
    expect(screen.getByRole('toolbar', { name: 'ფორმატირება' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /ტექსტის რედაქტორი/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'გამოქვეყნება' }));
    const dialog = await screen.findByRole('dialog', { name: 'გამოვაქვეყნოთ?' });
    expect(bodiesSentTo(fetchMock, 'PUT /api/content/claims')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'გამოქვეყნება' }));
    await waitFor(() => {
      expect(bodiesSentTo(fetchMock, 'PUT /api/content/claims')).toHaveLength(1);
    });
    const [sent] = bodiesSentTo(fetchMock, 'PUT /api/content/claims') as { html: string }[];
    expect(sent).toMatchObject({ locale: 'ka' });
    expect(sent?.html).toContain('nbg.gov.ge');
    expect(await screen.findByText('გამოქვეყნდა, ვერსია 2')).toBeInTheDocument();
  });

  it('warns that consents already given keep their wording when a consent text is published', async () => {
    const { user } = renderApp('/content', {
      'GET /api/content/privacy_policy': () =>
        jsonResponse({
          status: 'success',
          content: { key: 'privacy_policy', locale: 'ka', version: 3, html: '<p>პოლიტიკა</p>' },
        }),
      'POST /api/content/preview': previewed,
    });
    await user.selectOptions(await screen.findByLabelText('ტექსტი'), 'privacy_policy');
    expect(await screen.findByText('მიმდინარე ვერსია: 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'გამოქვეყნება' }));
    expect(
      await screen.findByText(/უკვე გაცემული თანხმობები ძველ ვერსიას შეინარჩუნებენ/),
    ).toBeInTheDocument();
  });

  it('previews what the server answers for the editor’s text, not the editor’s own HTML', async () => {
    const { fetchMock } = renderApp('/content', {
      'GET /api/content/claims': claims('<p>რედაქტორის ტექსტი</p>'),
      'POST /api/content/preview': () =>
        jsonResponse({ status: 'success', html: '<p>სერვერის პასუხი</p>' }),
    });
    await editorOpened();
    const preview = screen.getByTestId('content-preview');
    expect(await within(preview).findByText('სერვერის პასუხი')).toBeInTheDocument();
    expect(within(preview).queryByText('რედაქტორის ტექსტი')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(bodiesSentTo(fetchMock, 'POST /api/content/preview')).toContainEqual({
        html: '<p>რედაქტორის ტექსტი</p>',
      });
    });
  });

  it('writes an image in a div, an http:// link and a video with children as the server keeps them', async () => {
    const { user, fetchMock } = renderApp('/content', {
      'GET /api/content/claims': claims(
        `<div><img src="${image}" alt="სქემა"></div>` +
          '<p><a href="http://nbg.gov.ge">ეროვნული ბანკი</a> <a href="https://nbg.gov.ge">საიტი</a></p>' +
          '<div data-video="youtube" data-id="dQw4w9WgXcQ" data-title="ვიდეო"><div>შიგნით</div></div>',
      ),
      'POST /api/content/preview': previewed,
      [`GET ${image}`]: imageAnswer,
      'PUT /api/content/claims': published,
    });
    const box = await editorOpened();
    // In the editor: the image (fetched with the session), the text of the http:// link without
    // its link, the https:// one linked, and the video.
    await waitFor(() => {
      expect(within(box).getByRole('img', { name: 'სქემა' })).toHaveAttribute(
        'src',
        expect.stringMatching(/^data:image\/png;base64,/),
      );
    });
    expect(within(box).getByText(/ეროვნული ბანკი/)).toBeInTheDocument();
    expect(within(box).queryByRole('link', { name: 'ეროვნული ბანკი' })).not.toBeInTheDocument();
    expect(within(box).getByRole('link', { name: 'საიტი' })).toBeInTheDocument();

    // The preview: the server's answer, images shown with the session too.
    const preview = screen.getByTestId('content-preview');
    await waitFor(() => {
      expect(within(preview).getByRole('img', { name: 'სქემა' })).toHaveAttribute(
        'src',
        expect.stringMatching(/^data:image\/png;base64,/),
      );
    });
    expect(
      within(preview).getByRole('button', { name: 'ვიდეოს ჩართვა: ვიდეო' }),
    ).toBeInTheDocument();
    expect(within(preview).getByText(/ეროვნული ბანკი/)).toBeInTheDocument();
    expect(within(preview).queryByRole('link', { name: 'ეროვნული ბანკი' })).not.toBeInTheDocument();
    expect(preview.innerHTML).not.toContain('შიგნით');

    // What the editor sends is what the server keeps, unchanged.
    await user.click(screen.getByRole('button', { name: 'გამოქვეყნება' }));
    const dialog = await screen.findByRole('dialog', { name: 'გამოვაქვეყნოთ?' });
    await user.click(within(dialog).getByRole('button', { name: 'გამოქვეყნება' }));
    await waitFor(() => {
      expect(bodiesSentTo(fetchMock, 'PUT /api/content/claims')).toHaveLength(1);
    });
    const [sent] = bodiesSentTo(fetchMock, 'PUT /api/content/claims') as { html: string }[];
    const html = sent?.html ?? '';
    expect(html).toContain(`<img src="${image}" alt="სქემა">`);
    expect(html).toContain(
      '<div data-video="youtube" data-id="dQw4w9WgXcQ" data-title="ვიდეო"></div>',
    );
    expect(html).not.toContain('http://');
    expect(sameDocument(sanitiseContent(html), html)).toBe(true);
  });

  it('refuses an http:// link address with a message, and links an https:// one', async () => {
    const { user } = renderApp('/content', {
      'GET /api/content/claims': claims('<p>ეროვნული ბანკი</p>'),
      'POST /api/content/preview': previewed,
    });
    const box = await editorOpened();
    await within(box).findByText('ეროვნული ბანკი');
    // Everything selected from the keyboard (jsdom has no layout to click into).
    act(() => {
      box.focus();
    });
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'ბმული' }));
    const dialog = await screen.findByRole('dialog', { name: 'ბმული' });
    const address = within(dialog).getByRole('textbox', { name: /ბმულის მისამართი/ });
    await user.clear(address);
    await user.type(address, 'http://nbg.gov.ge');
    await user.click(within(dialog).getByRole('button', { name: 'ჩასმა' }));
    expect(await within(dialog).findByText(/http:\/\/ ბმული დაუცველია/)).toBeInTheDocument();
    expect(within(box).queryByRole('link')).not.toBeInTheDocument();

    await user.clear(address);
    await user.type(address, 'https://nbg.gov.ge');
    await user.click(within(dialog).getByRole('button', { name: 'ჩასმა' }));
    expect(await within(box).findByRole('link', { name: 'ეროვნული ბანკი' })).toHaveAttribute(
      'href',
      'https://nbg.gov.ge',
    );
  });

  it('uploads an image with its description and shows it before it is published', async () => {
    mockXhr();
    const { user, fetchMock } = renderApp('/content', {
      'GET /api/content/claims': claims('<p>ტექსტი</p>'),
      'POST /api/content/preview': previewed,
      'POST /api/content/images': () => jsonResponse({ status: 'success', url: uploadedImage }),
      [`GET ${uploadedImage}`]: imageAnswer,
    });
    const box = await editorOpened();
    await within(box).findByText('ტექსტი');
    await user.click(screen.getByRole('button', { name: 'სურათი' }));
    const dialog = await screen.findByRole('dialog', { name: 'სურათი' });
    await user.click(within(dialog).getByRole('button', { name: 'ჩასმა' }));
    expect(await within(dialog).findByText('გთხოვთ, აირჩიოთ სურათის ფაილი')).toBeInTheDocument();
    expect(within(dialog).getByText('გთხოვთ, აღწეროთ სურათი')).toBeInTheDocument();

    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File([pngBytes], 'სქემა.png', { type: 'image/png' }));
    await user.type(within(dialog).getByRole('textbox', { name: /სურათის აღწერა/ }), 'სქემა');
    await user.click(within(dialog).getByRole('button', { name: 'ჩასმა' }));

    await waitFor(() => {
      expect(within(box).getByRole('img', { name: 'სქემა' })).toHaveAttribute(
        'src',
        expect.stringMatching(/^data:image\/png;base64,/),
      );
    });
    await waitFor(() => {
      expect(bodiesSentTo(fetchMock, 'POST /api/content/preview').at(-1)).toEqual({
        html: expect.stringContaining(`<img src="${uploadedImage}" alt="სქემა">`) as unknown,
      });
    });
    // Fetched with the session: an unpublished image is served to content editors only.
    const [fetched] = requestsTo(fetchMock, `GET ${uploadedImage}`);
    expect(fetched?.headers.get('Authorization')).toBe(`Bearer ${editor.apiToken}`);
  });
});
