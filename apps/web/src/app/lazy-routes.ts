import type { RouteMatch, RouteObject } from 'react-router';

/**
 * Loads the lazy parts of the matched routes into the route objects, as a router needs before
 * it hydrates a prerendered page: a route still lazy would render its fallback instead.
 */
export async function resolveLazyRoutes(matches: RouteMatch[]): Promise<void> {
  await Promise.all(matches.map(({ route }) => resolveLazy(route)));
}

async function resolveLazy(route: RouteObject): Promise<void> {
  const { lazy } = route;
  if (!lazy) return;
  const loaded =
    typeof lazy === 'function'
      ? await lazy()
      : Object.fromEntries(
          await Promise.all(
            Object.entries(lazy).map(async ([key, load]) => [key, await load()] as const),
          ),
        );
  Object.assign(route, loaded, { lazy: undefined });
}
