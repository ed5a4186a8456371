import { contentKeys } from '@sesxi/contract';
import { seededPageContent } from '@sesxi/contract/content-seed';
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
import { i18next, initPrerenderI18n } from './shared/i18n/i18n';
import { pageTitle, productName } from './shared/page/product-name';

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

export interface PrerenderedPage {
  title: string;
  html: string;
}

/** Renders one public page as the browser's first render will (see `main.tsx`). */
export async function prerender(path: string): Promise<PrerenderedPage> {
  initPrerenderI18n();
  const handler = createStaticHandler(appRoutes());
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answers ${context.status} signed out`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  // The pages' texts as seeded (version 1): the browser fetches the current version.
  for (const key of contentKeys) {
    if (key in seededPageContent) {
      const html = seededPageContent[key as keyof typeof seededPageContent].ka;
      queryClient.setQueryData(contentQueryKey(key, 'ka'), { key, locale: 'ka', version: 1, html });
    }
  }
  const html = renderToString(
    <Providers queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Providers>,
  );
  return { title: titleOf(context), html };
}

function titleOf(context: StaticHandlerContext): string {
  const key = deepestTitle(context.matches.map((match) => match.route));
  return key ? pageTitle(i18next.t(key)) : productName();
}
