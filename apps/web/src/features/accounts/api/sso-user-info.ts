import { ssoUserInfo, type ResponseOf } from '@sesxi/contract';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';

export type SsoIdentity = ResponseOf<typeof ssoUserInfo>['user_info'];

/** `GET /api/sso/user-info`: name, surname and personal number of a completed SSO transaction. */
export function ssoUserInfoQuery(ssoToken: string | null) {
  return queryOptions({
    queryKey: ['sso', 'user-info', ssoToken],
    queryFn:
      ssoToken === null
        ? skipToken
        : async ({ signal }) =>
            (await apiRequest(ssoUserInfo, { query: { sso_token: ssoToken }, signal })).user_info,
    staleTime: Infinity,
  });
}

/** The identity behind a stored SSO token; idle without one. */
export function useSsoUserInfo(ssoToken: string | null) {
  return useQuery(ssoUserInfoQuery(ssoToken));
}
