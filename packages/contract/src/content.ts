import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { statusOnly, success } from './envelope.ts';
import { timestamp } from './formats.ts';
import { locales } from './messages.ts';
import { access } from './access.ts';

/**
 * The texts the lender edits without a release: page bodies (`home`, `claims`, `faq`) and the
 * consent wordings (`privacy_policy`, `sda_agreement`, `credit_agreement`) and the contract's
 * general terms (`contract_terms`, versioned like them), each in ka and en.
 */
export const contentKeys = [
  'home',
  'claims',
  'faq',
  'privacy_policy',
  'sda_agreement',
  'credit_agreement',
  'contract_terms',
] as const;
export type ContentKey = (typeof contentKeys)[number];

/**
 * The content keys kept as consent wordings (versioned in the consent ledger's own table, so a
 * record points at the exact text), with the kind of each: the consents, and the contract's
 * general terms, which every contract document names by version.
 */
export const consentContentKinds = {
  privacy_policy: 'privacy_policy',
  sda_agreement: 'sda_information',
  credit_agreement: 'credit_information',
  contract_terms: 'contract_terms',
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

const requiredLocale = z.enum(locales, { error: 'validation.required' });

/** `PUT /api/content/{key}`: publishes a new version (content editors only). */
export const contentPublish = defineEndpoint({
  method: 'PUT',
  path: '/api/content/:key',
  access: access.staff('content_editor'),
  params: contentKeyParams,
  body: z.object({
    locale: requiredLocale,
    html: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(contentHtmlMaxLength, { error: 'validation.tooLong' }),
  }),
  response: success({ content: contentBlock }),
});

/**
 * A content editor's unpublished text of one key in one language, sanitised as a publish would
 * be: kept on the server per editor, so it survives a reload or another device. `base_version`
 * is the published version the editor started from.
 */
export const contentDraft = z.object({
  key: z.enum(contentKeys),
  locale: z.enum(locales),
  base_version: z.number().int(),
  html: z.string(),
  saved_at: timestamp,
});
export type ContentDraft = z.infer<typeof contentDraft>;

const localeQuery = z.object({ locale: requiredLocale });

/** `GET /api/content/{key}/draft?locale=`: the editor's own draft, or null (content editors only). */
export const contentDraftShow = defineEndpoint({
  method: 'GET',
  path: '/api/content/:key/draft',
  access: access.staff('content_editor'),
  params: contentKeyParams,
  query: localeQuery,
  response: success({ draft: contentDraft.nullable() }),
});

/** `PUT /api/content/{key}/draft?locale=`: keeps the editor's draft, as they type (debounced). */
export const contentDraftSave = defineEndpoint({
  method: 'PUT',
  path: '/api/content/:key/draft',
  access: access.staff('content_editor'),
  params: contentKeyParams,
  query: localeQuery,
  body: z.object({
    base_version: z
      .number({ error: 'validation.required' })
      .int({ error: 'validation.integer' })
      .nonnegative({ error: 'validation.integer' }),
    html: z
      .string({ error: 'validation.required' })
      .max(contentHtmlMaxLength, { error: 'validation.tooLong' }),
  }),
  response: success({ draft: contentDraft }),
});

/** `POST /api/content/{key}/draft/discard?locale=`: throws the editor's draft away. */
export const contentDraftDiscard = defineEndpoint({
  method: 'POST',
  path: '/api/content/:key/draft/discard',
  access: access.staff('content_editor'),
  params: contentKeyParams,
  query: localeQuery,
  response: statusOnly,
});

/** One published version in a text's history: when, by whom, and what it restored. */
export const contentVersionEntry = z.object({
  version: z.number().int(),
  created_at: timestamp,
  /** The staff member who published it; null for the seed's. */
  editor: z.object({ name: z.string(), surname: z.string() }).nullable(),
  /** The version this one brought back, when it was a restore. */
  restored_from: z.number().int().nullable(),
});
export type ContentVersionEntry = z.infer<typeof contentVersionEntry>;

/** `GET /api/content/{key}/versions?locale=`: every published version, newest first. */
export const contentVersionList = defineEndpoint({
  method: 'GET',
  path: '/api/content/:key/versions',
  access: access.staff('content_editor'),
  params: contentKeyParams,
  query: localeQuery,
  response: success({ versions: z.array(contentVersionEntry) }),
});

const contentVersionParams = z.object({ key: z.string(), version: z.string() });

/** `GET /api/content/{key}/versions/{version}?locale=`: one published version, to preview it. */
export const contentVersionShow = defineEndpoint({
  method: 'GET',
  path: '/api/content/:key/versions/:version',
  access: access.staff('content_editor'),
  params: contentVersionParams,
  query: localeQuery,
  response: success({ content: contentBlock }),
});

/**
 * `POST /api/content/{key}/versions/{version}/restore?locale=`: publishes that version's text
 * again as the next version, recorded with the editor who restored it.
 */
export const contentVersionRestore = defineEndpoint({
  method: 'POST',
  path: '/api/content/:key/versions/:version/restore',
  access: access.staff('content_editor'),
  params: contentVersionParams,
  query: localeQuery,
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
