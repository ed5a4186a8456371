import { contactMain } from '@sesxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { currentLocale } from '../i18n/i18n';

/** Branches, hotline, e-mail and social links: the header's side menu, the footer and /claims. */
export function contactMainQuery() {
  return queryOptions({
    queryKey: ['contact', 'main', currentLocale()],
    queryFn: ({ signal }) => apiRequest(contactMain, { signal }),
    staleTime: 60 * 60 * 1000,
  });
}

export function useContactMain() {
  return useQuery(contactMainQuery());
}
