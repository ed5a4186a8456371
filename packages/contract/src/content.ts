import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { success } from './envelope.ts';
import { locales } from './messages.ts';
import { access } from './access.ts';

/**
 * The texts the lender edits without a release: page bodies (`home`, `claims`, `faq`) and the
 * consent wordings (`privacy_policy`, `sda_agreement`, `credit_agreement`), each in ka and en.
 */
export const contentKeys = [
  'home',
  'claims',
  'faq',
  'privacy_policy',
  'sda_agreement',
  'credit_agreement',
] as const;
export type ContentKey = (typeof contentKeys)[number];

/** The content keys that are consent wordings, with the consent ledger's kind of each. */
export const consentContentKinds = {
  privacy_policy: 'privacy_policy',
  sda_agreement: 'sda_information',
  credit_agreement: 'credit_information',
} as const satisfies Partial<Record<ContentKey, string>>;

/** At most this many characters of HTML in one block (before sanitising). */
export const contentHtmlMaxLength = 100_000;

/** At most 5 MB for an image in content, JPEG, PNG or WebP by its bytes. */
export const contentImageMaxBytes = 5 * 1024 * 1024;
export const contentImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Where content images are served: `/api/content/images/<uuid>`. */
export const contentImagePath = '/api/content/images/';

/**
 * A video in content, as the sanitiser writes it: `<div data-video="youtube" data-id="…"
 * data-title="…"></div>`. Visitors get a facade that loads the player on a tap.
 */
export const youtubeIdFormat = /^[A-Za-z0-9_-]{11}$/;

/** The YouTube video id of a watch, share, shorts or embed URL; undefined for anything else. */
export function youtubeIdOf(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  const host = parsed.hostname.replace(/^(www\.|m\.)/, '');
  let id: string | null | undefined;
  if (host === 'youtu.be') id = parsed.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, first, second] = parsed.pathname.split('/');
    id =
      first === 'watch'
        ? parsed.searchParams.get('v')
        : first === 'embed' || first === 'shorts' || first === 'live'
          ? second
          : undefined;
  }
  return id && youtubeIdFormat.test(id) ? id : undefined;
}

const contentKeyParams = z.object({ key: z.string() });

export const contentBlock = z.object({
  key: z.enum(contentKeys),
  locale: z.enum(locales),
  version: z.number().int(),
  html: z.string(),
});
export type ContentBlock = z.infer<typeof contentBlock>;

/** `GET /api/content/{key}?locale=ka|en`: the current version, sanitised, for anyone. */
export const contentShow = defineEndpoint({
  method: 'GET',
  path: '/api/content/:key',
  access: access.public,
  params: contentKeyParams,
  query: z.object({ locale: z.enum(locales).default('ka') }),
  response: success({ content: contentBlock }),
});

/** `PUT /api/content/{key}`: publishes a new version (content editors only). */
export const contentPublish = defineEndpoint({
  method: 'PUT',
  path: '/api/content/:key',
  access: access.staff('content_editor'),
  params: contentKeyParams,
  body: z.object({
    locale: z.enum(locales, { error: 'validation.required' }),
    html: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(contentHtmlMaxLength, { error: 'validation.tooLong' }),
  }),
  response: success({ content: contentBlock }),
});

/**
 * `POST /api/content/preview`: the HTML as the server would publish it, sanitised, for the
 * editor's preview (content editors only). Nothing is stored.
 */
export const contentPreview = defineEndpoint({
  method: 'POST',
  path: '/api/content/preview',
  access: access.staff('content_editor'),
  body: z.object({
    html: z
      .string({ error: 'validation.required' })
      .max(contentHtmlMaxLength, { error: 'validation.tooLong' }),
  }),
  response: success({ html: z.string() }),
});

/**
 * `POST /api/content/images`: multipart `file`; answers the image's URL. Visitors get it once
 * a published version shows it; until then only content editors do.
 */
export const contentImageUpload = defineEndpoint({
  method: 'POST',
  path: '/api/content/images',
  access: access.staff('content_editor'),
  response: success({ url: z.string() }),
});
