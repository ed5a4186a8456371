import type { ParseKeys } from 'i18next';

/** What a route declares in its `handle`: the locale key of its page title. */
export interface RouteHandle {
  title: ParseKeys;
}

/** The title key of the deepest matched route that names one. */
export function deepestTitle(matches: readonly { handle?: unknown }[]): ParseKeys | undefined {
  return matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .findLast((title) => title !== undefined);
}
