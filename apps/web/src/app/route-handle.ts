import type { ParseKeys } from 'i18next';

/** What a route declares in its `handle`: the locale key of its page title. */
export interface RouteHandle {
  title: ParseKeys;
}
