import './server-globals';
import type { ContentBlock } from '@sesxi/contract';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { Providers } from './app/providers';
import { deepestTitle } from './app/route-handle';
import { appRoutes } from './app/router';
import { createQueryClient } from './shared/api/query-client';
import { contentQueryKey } from './shared/content/content-query';
import { prerenderedContentScript } from './shared/content/prerendered-content';
import { i18next, initPrerenderI18n } from './shared/i18n/i18n';
import { pageTitle, productName } from './shared/page/product-name';
import { withCriticalStyles } from './critical-styles';

/**
 * The public pages the build renders to HTML (signed out, in Georgian), so that a first visit
 * paints before any JavaScript runs; `main.tsx` hydrates them.
 */
export const prerenderedPaths = [
  '/',
  '/login',
  '/register',
  '/restore-password',
  '/claims',
  '/faq',
  '/credit-info/redirect',
];

const emptyRoot = '<div id="root"></div>';

/**
 * One public page as the browser's first render will show it (see `main.tsx`), with `contents`
 * as its texts, put into `template`: the built index.html, its root empty. The build renders
 * the seeded texts (scripts/prerender.ts), the server the published ones (its plugins/web.ts).
 */
export async function renderPage(
  template: string,
  path: string,
  contents: readonly ContentBlock[],
): Promise<string> {
  if (!template.includes(emptyRoot)) throw new Error(`The template has no ${emptyRoot}`);
  initPrerenderI18n();
  const handler = createStaticHandler(appRoutes());
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answers ${context.status} signed out`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  for (const block of contents) {
    queryClient.setQueryData(contentQueryKey(block.key, block.locale), block);
  }
  const html = renderToString(
    <Providers queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Providers>,
  );
  const shown = contents.filter((block) => html.includes(`data-content="${block.key}"`));
  return withCriticalStyles(
    template
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(titleOf(context))}</title>`)
      .replace(emptyRoot, () => `<div id="root">${html}</div>${prerenderedContentScript(shown)}`),
  );
}

function titleOf(context: StaticHandlerContext): string {
  const key = deepestTitle(context.matches.map((match) => match.route));
  return key ? pageTitle(i18next.t(key)) : productName();
}

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
