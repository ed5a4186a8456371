import { contentKeys, type ContentDraft } from '@sesxi/contract';
import { seededPageContent } from '@sesxi/contract/content-seed';
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

const savedAt = '2026-11-27 11:42:05';

/** The server keeping a draft: as sent, sanitised, saved at `savedAt`. */
const draftSaved: ApiAnswer = (body, query) => {
  const { base_version, html } = body as { base_version: number; html: string };
  const draft: ContentDraft = {
    key: 'claims',
    locale: query.get('locale') === 'en' ? 'en' : 'ka',
    base_version,
    html: sanitiseContent(html),
    saved_at: savedAt,
  };
  return jsonResponse({ status: 'success', draft });
};

/** The editor's calls about drafts and versions: no draft and no history unless told. */
function renderEditor(answers: Record<string, ApiAnswer> = {}) {
  return renderApp('/content', {
    ...Object.fromEntries(
      contentKeys.flatMap((key) => [
        [`GET /api/content/${key}/draft`, () => jsonResponse({ status: 'success', draft: null })],
        [`PUT /api/content/${key}/draft`, draftSaved],
        [
          `GET /api/content/${key}/versions`,
          () => jsonResponse({ status: 'success', versions: [] }),
        ],
      ]),
    ),
    ...answers,
  });
}

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
    renderEditor();
    // A customer is sent on to their own page.
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent(
      'ტექსტების რედაქტირება',
    );
  });

  it('loads the chosen text, previews it at phone width and publishes after a confirmation', async () => {
    const { user, fetchMock } = renderEditor({
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
    // The seeded text ends with a list: the editor's paragraph to type in after it stays home.
    expect(seededPageContent.claims.ka).toMatch(/<\/ul>$/);
    expect(sent?.html).toMatch(/<\/ul>$/);
    expect(await screen.findByText('გამოქვეყნდა, ვერსია 2')).toBeInTheDocument();
  });

  it('warns that consents already given keep their wording when a consent text is published', async () => {
    const { user } = renderEditor({
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
    const { fetchMock } = renderEditor({
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
    const { user, fetchMock } = renderEditor({
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
    const { user } = renderEditor({
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
    const { user, fetchMock } = renderEditor({
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

  it('offers a draft of the text saved earlier: continuing it fills the editor with it', async () => {
    const draft: ContentDraft = {
      key: 'claims',
      locale: 'ka',
      base_version: 1,
      html: '<p>ჩემი მონახაზი</p>',
      saved_at: '2026-11-26 18:05:00',
    };
    const { user } = renderEditor({
      'GET /api/content/claims/draft': () => jsonResponse({ status: 'success', draft }),
      'GET /api/content/claims': claims('<p>გამოქვეყნებული</p>'),
      'POST /api/content/preview': previewed,
    });
    const box = await editorOpened();
    const offer = await screen.findByRole('region', {
      name: /თქვენი მონახაზი შენახულია 26.11.2026 18:05/,
    });
    // Someone published version 4 since the draft began from version 1.
    expect(within(offer).getByText(/მას შემდეგ გამოქვეყნდა ვერსია 4/)).toBeInTheDocument();
    expect(box).toHaveAttribute('contenteditable', 'false');
    expect(within(box).getByText('გამოქვეყნებული')).toBeInTheDocument();

    await user.click(within(offer).getByRole('button', { name: 'მონახაზის გაგრძელება' }));
    expect(await within(box).findByText('ჩემი მონახაზი')).toBeInTheDocument();
    expect(box).toHaveAttribute('contenteditable', 'true');
    expect(screen.queryByRole('region', { name: /მონახაზი/ })).not.toBeInTheDocument();
    expect(screen.getByText('მონახაზი შენახულია 18:05')).toBeInTheDocument();
  });

  it('throws a draft away on request, and edits the published text', async () => {
    const draft: ContentDraft = {
      key: 'claims',
      locale: 'ka',
      base_version: 4,
      html: '<p>ჩემი მონახაზი</p>',
      saved_at: '2026-11-26 18:05:00',
    };
    const { user, fetchMock } = renderEditor({
      'GET /api/content/claims/draft': () => jsonResponse({ status: 'success', draft }),
      'POST /api/content/claims/draft/discard': () => jsonResponse({ status: 'success' }),
      'GET /api/content/claims': claims('<p>გამოქვეყნებული</p>'),
      'POST /api/content/preview': previewed,
    });
    const box = await editorOpened();
    const offer = await screen.findByRole('region', { name: /თქვენი მონახაზი/ });
    expect(within(offer).queryByText(/მას შემდეგ/)).not.toBeInTheDocument();
    await user.click(within(offer).getByRole('button', { name: 'მონახაზის წაშლა' }));
    await waitFor(() => {
      expect(box).toHaveAttribute('contenteditable', 'true');
    });
    expect(requestsTo(fetchMock, 'POST /api/content/claims/draft/discard')[0]?.url).toContain(
      'locale=ka',
    );
    expect(within(box).getByText('გამოქვეყნებული')).toBeInTheDocument();
    expect(within(box).queryByText('ჩემი მონახაზი')).not.toBeInTheDocument();
  });

  it('saves a change as a draft once typing rests, and says when, quietly', async () => {
    const { user, fetchMock } = renderEditor({
      'GET /api/content/claims': claims('<p>ტექსტი</p>'),
      'POST /api/content/preview': previewed,
    });
    const box = await editorOpened();
    await within(box).findByText('ტექსტი');
    // Nothing is saved for a text only opened.
    expect(bodiesSentTo(fetchMock, 'PUT /api/content/claims/draft')).toEqual([]);
    act(() => {
      box.focus();
    });
    await user.keyboard('{Control>}a{/Control}{Control>}b{/Control}');
    const status = await screen.findByText('მონახაზი შენახულია 11:42', {}, { timeout: 3000 });
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(bodiesSentTo(fetchMock, 'PUT /api/content/claims/draft')).toEqual([
      { base_version: 4, html: '<p><strong>ტექსტი</strong></p>' },
    ]);
    expect(requestsTo(fetchMock, 'PUT /api/content/claims/draft')[0]?.url).toContain('locale=ka');
  });

  it('asks before leaving for another page while a change is not saved, and stays on request', async () => {
    const { user, router } = renderEditor({
      'GET /api/content/claims': claims('<p>ტექსტი</p>'),
      'POST /api/content/preview': previewed,
      'PUT /api/content/claims/draft': () =>
        jsonResponse({ status: 'error', message: 'სერვერი დროებით მიუწვდომელია' }, 503),
    });
    const box = await editorOpened();
    await within(box).findByText('ტექსტი');
    // Nothing changed yet: leaving asks nothing.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);

    act(() => {
      box.focus();
    });
    await user.keyboard('{Control>}a{/Control}{Control>}b{/Control}');
    expect(
      await screen.findByText(/მონახაზი ვერ შეინახა/, {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    const closing = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(closing);
    expect(closing.defaultPrevented).toBe(true);

    act(() => {
      void router.navigate('/claims');
    });
    const dialog = await screen.findByRole('dialog', { name: 'დავტოვოთ გვერდი?' });
    expect(within(dialog).getByRole('button', { name: 'დარჩენა' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'დარჩენა' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(router.state.location.pathname).toBe('/content');

    act(() => {
      void router.navigate('/claims');
    });
    await user.click(
      within(await screen.findByRole('dialog', { name: 'დავტოვოთ გვერდი?' })).getByRole('button', {
        name: 'გვერდის დატოვება',
      }),
    );
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/claims');
    });
  });

  it('never undoes past the text loaded: undo takes back the editor’s own changes only', async () => {
    const { user } = renderEditor({
      'GET /api/content/claims': claims('<p>ტექსტი</p>'),
      'POST /api/content/preview': previewed,
    });
    const box = await editorOpened();
    await within(box).findByText('ტექსტი');
    act(() => {
      box.focus();
    });
    await user.keyboard('{Control>}z{/Control}');
    expect(within(box).getByText('ტექსტი')).toBeInTheDocument();

    await user.keyboard('{Control>}a{/Control}{Control>}b{/Control}');
    expect(box.querySelector('strong')).toHaveTextContent('ტექსტი');
    await user.keyboard('{Control>}z{/Control}{Control>}z{/Control}{Control>}z{/Control}');
    expect(box.querySelector('strong')).toBeNull();
    expect(within(box).getByText('ტექსტი')).toBeInTheDocument();
  });

  it('lists the versions with who published each and when, shows one, and restores it after a confirmation', async () => {
    const versions = [
      {
        version: 3,
        created_at: '2026-11-27 10:00:00',
        editor: { name: 'ლალი', surname: 'ბერიძე' },
        restored_from: null,
      },
      {
        version: 2,
        created_at: '2026-11-26 09:30:00',
        editor: { name: 'ნინო', surname: 'კაპანაძე' },
        restored_from: 1,
      },
      { version: 1, created_at: '2026-11-01 00:00:00', editor: null, restored_from: null },
    ];
    const restored = { key: 'claims', locale: 'ka', version: 4, html: '<p>ძველი ტექსტი</p>' };
    const { user, fetchMock } = renderEditor({
      'GET /api/content/claims': claims('<p>ახალი ტექსტი</p>'),
      'POST /api/content/preview': previewed,
      'GET /api/content/claims/versions': () => jsonResponse({ status: 'success', versions }),
      'GET /api/content/claims/versions/2': () =>
        jsonResponse({ status: 'success', content: { ...restored, version: 2 } }),
      'POST /api/content/claims/versions/2/restore': () =>
        jsonResponse({ status: 'success', content: restored }),
    });
    const box = await editorOpened();
    await within(box).findByText('ახალი ტექსტი');
    const history = screen.getByRole('region', { name: 'ვერსიები' });
    const items = await within(history).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('ვერსია 3 (მიმდინარე)27.11.2026 10:00 · ლალი ბერიძე') as unknown,
      expect.stringContaining(
        'ვერსია 226.11.2026 09:30 · ნინო კაპანაძე · აღდგენილია ვერსიიდან 1',
      ) as unknown,
      expect.stringContaining('ვერსია 101.11.2026 00:00 · საწყისი ტექსტი') as unknown,
    ]);
    // The current version is the one published: nothing to restore.
    expect(within(history).queryByRole('button', { name: 'ვერსია 3-ის აღდგენა' })).toBeNull();

    await user.click(within(history).getByRole('button', { name: 'ვერსია 2-ის ნახვა' }));
    const shown = await screen.findByRole('dialog', { name: 'ვერსია 2' });
    expect(await within(shown).findByText('ძველი ტექსტი')).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'დახურვა' }));

    await user.click(within(history).getByRole('button', { name: 'ვერსია 2-ის აღდგენა' }));
    const confirm = await screen.findByRole('dialog', { name: 'აღვადგინოთ ვერსია 2?' });
    expect(requestsTo(fetchMock, 'POST /api/content/claims/versions/2/restore')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'აღდგენა' }));
    expect(await within(box).findByText('ძველი ტექსტი')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/content/claims/versions/2/restore')[0]?.url).toContain(
      'locale=ka',
    );
    expect(await screen.findByText('გამოქვეყნდა, ვერსია 4')).toBeInTheDocument();
    expect(screen.getByText('მიმდინარე ვერსია: 4')).toBeInTheDocument();
    // Restoring is a publish: nothing is left unsaved, and undo keeps the restored text.
    act(() => {
      box.focus();
    });
    await user.keyboard('{Control>}z{/Control}');
    expect(within(box).getByText('ძველი ტექსტი')).toBeInTheDocument();
  });
});
