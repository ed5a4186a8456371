import type { ParseKeys } from 'i18next';

/**
 * What a route declares in its `handle`: the locale key of its page title, and whether the
 * page lists the lender's contacts itself (then the footer leaves them out, not to show them
 * twice).
 */
export interface RouteHandle {
  title: ParseKeys;
  showsContacts?: true;
}

/** The title key of the deepest matched route that names one. */
export function deepestTitle(matches: readonly { handle?: unknown }[]): ParseKeys | undefined {
  return matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .findLast((title) => title !== undefined);
}

/** Whether a matched route's page lists the lender's contacts itself. */
export function pageShowsContacts(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.showsContacts);
}
