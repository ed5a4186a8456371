import './server-globals';
import { shellVisitorScript, type ContentBlock } from '@sesxi/contract';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
  type RouteObject,
  type StaticHandlerContext,
} from 'react-router';
import { protectedMiddleware } from './app/guards/guard-middleware';
import { SignedInShell, signedInShellMarker } from './app/layout/signed-in-shell';
import { Providers } from './app/providers';
import { deepestTitle } from './app/route-handle';
import { appRoutes } from './app/router';
import { createQueryClient, routerContextWith } from './shared/api/query-client';
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
 * The signed-in customers' screens the build renders as a shell (see `renderSignedInShell`):
 * every route of the customers' group (`protectedMiddleware`) with a title and a fixed path, so
 * a screen added there gets one. A path with parameters gets the empty page (index.html).
 */
export function signedInShellPaths(): string[] {
  const paths: string[] = [];
  const walk = (routes: readonly RouteObject[], signedIn: boolean) => {
    for (const route of routes) {
      const customers = signedIn || Boolean(route.middleware?.includes(protectedMiddleware));
      const titled = (route.handle as { title?: string } | undefined)?.title !== undefined;
      if (customers && titled && route.path && !/[:*]/.test(route.path)) {
        paths.push(`/${route.path}`);
      }
      walk(route.children ?? [], customers);
    }
  };
  walk(appRoutes(), false);
  return paths;
}

/**
 * The routes as a shell renders them: without guards and loaders (the visitor and their data
 * are known only in their browser), each screen's own code loaded.
 */
function shellRoutes(routes: readonly RouteObject[]): RouteObject[] {
  return routes.map(({ middleware: _guard, loader: _data, lazy, children, ...route }) => {
    const Component = typeof lazy === 'object' ? lazy.Component : undefined;
    return {
      ...route,
      ...(Component && { lazy: { Component } }),
      ...(children && { children: shellRoutes(children) }),
    } as RouteObject;
  });
}

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

/**
 * The app's modules that `path`'s routes load lazily (their screens and loaders), as paths
 * from apps/web: the server bundle's dynamic imports name them (vite.config.ts).
 */
export async function lazyModulesOf(path: string): Promise<string[]> {
  const loaded = new Set<string>();
  const recorder = globalThis as { onLazyModule?: (module: string) => void };
  recorder.onLazyModule = (module) => loaded.add(module);
  try {
    for (const { route } of matchRoutes(appRoutes(), path) ?? []) {
      if (typeof route.lazy !== 'object') continue;
      await Promise.all(Object.values(route.lazy).map((load) => (load as () => unknown)()));
    }
  } finally {
    delete recorder.onLazyModule;
  }
  return [...loaded];
}

/**
 * The GET requests `path`'s route loaders make as a visit starts (the screen's data), as URLs:
 * the loaders run with a `fetch` that only takes note and never answers.
 */
export async function dataRequestsOf(path: string): Promise<string[]> {
  const requested: string[] = [];
  const { fetch } = globalThis;
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if ((init?.method ?? 'GET') === 'GET') requested.push(url);
    return new Promise<Response>(() => undefined);
  };
  try {
    const url = new URL(path, 'http://prerender.invalid');
    const request = new Request(url);
    const context = routerContextWith(createQueryClient());
    for (const { route, params } of matchRoutes(appRoutes(), path) ?? []) {
      const lazyLoader = typeof route.lazy === 'object' ? route.lazy.loader : undefined;
      const loader = lazyLoader ? await lazyLoader() : route.loader;
      if (typeof loader === 'function')
        await loader({ request, url, params, context, pattern: path });
    }
    // The queries ask in a later task.
    await new Promise((resolve) => setTimeout(resolve, 0));
  } finally {
    globalThis.fetch = fetch;
  }
  return requested;
}

/** What a screen needs beyond the first visit's files: its chunks, styles and data, as URLs. */
export interface ScreenFiles {
  modules: string[];
  styles: string[];
  requests: string[];
}

/**
 * A signed-in customer's screen as it paints before the app has run, put into `template`: the
 * header of a signed-in visitor (their name follows with the app), the screen's heading and
 * what it shows while its data is on its way. The browser paints it from the HTML on a visit
 * from an SMS link; the app then renders the screen in its place (main.tsx). Its inline script
 * (`shellVisitorScript`) marks the page for the visitor the browser holds, so that what their
 * screen will show from the session alone is shown already (styles hide it for others). The page's script
 * fetches the screen's `files` beside the app's, and asks for its data (start-after-paint.ts).
 */
export async function renderSignedInShell(
  template: string,
  path: string,
  files: ScreenFiles,
): Promise<string> {
  if (!template.includes(emptyRoot)) throw new Error(`The template has no ${emptyRoot}`);
  initPrerenderI18n();
  const handler = createStaticHandler(shellRoutes(appRoutes()));
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path}'s shell answers ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <Providers queryClient={createQueryClient()}>
      <SignedInShell>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </SignedInShell>
    </Providers>,
  );
  const page = await withCriticalStyles(
    template
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(titleOf(context))}</title>`)
      .replace(emptyRoot, () => `<div id="root" ${signedInShellMarker}>${html}</div>`)
      .replace(
        ' data-app-modules=',
        () =>
          ` data-screen-modules="${files.modules.join(' ')}"` +
          ` data-screen-styles="${files.styles.join(' ')}"` +
          ` data-screen-requests="${files.requests.join(' ')}" data-app-modules=`,
      ),
    { textWaitsForFont: true },
  );
  // Before the body: the page is marked for its visitor before anything of it paints.
  return page.replace('</head>', () => `<script>${shellVisitorScript}</script></head>`);
}

function titleOf(context: StaticHandlerContext): string {
  const key = deepestTitle(context.matches.map((match) => match.route));
  return key ? pageTitle(i18next.t(key)) : productName();
}

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
