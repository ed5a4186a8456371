import type { ContentBlock } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import type { PageContentKey } from '#app/db/schema.ts';
import { createContentRepository } from './repository.ts';

/** Which version of each text a page shows. */
export type PageTextVersions = { key: PageContentKey; version: number }[];

/**
 * The page texts the prerendered pages show (plugins/content-pages.ts, handed them by app.ts), in Georgian as they
 * are prerendered, as published now: asked for on every visit, so every instance sends a
 * publish at once.
 */
export function createPageTexts(db: Database) {
  const repository = createContentRepository(db);
  return {
    /** The current version of each of `keys`: a small query whose answer changes on a publish. */
    currentVersions: (keys: readonly PageContentKey[]): Promise<PageTextVersions> =>
      repository.latestPageVersions(keys, 'ka'),

    /** The texts at `versions`. */
    at(versions: PageTextVersions): Promise<ContentBlock[]> {
      return Promise.all(
        versions.map(async ({ key, version }) => {
          const page = await repository.pageAt(key, 'ka', version);
          if (!page) throw new Error(`${key} has no version ${String(version)}`);
          return { key, locale: 'ka', version, html: page.html };
        }),
      );
    },
  };
}
