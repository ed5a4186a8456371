import { ssoUserInfo, type ResponseOf } from '@sesxi/contract';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';

export type SsoIdentity = ResponseOf<typeof ssoUserInfo>['user_info'];

/** Who signed on, and whether an account already has their personal number. */
export interface SsoUserInfo {
  identity: SsoIdentity;
  alreadyRegistered: boolean;
}

/**
 * `GET /api/sso/user-info`: name, surname and personal number of a completed SSO transaction,
 * and whether an account has that personal number already.
 */
export function ssoUserInfoQuery(ssoToken: string | null) {
  return queryOptions({
    queryKey: ['sso', 'user-info', ssoToken],
    queryFn:
      ssoToken === null
        ? skipToken
        : async ({ signal }): Promise<SsoUserInfo> => {
            const answer = await apiRequest(ssoUserInfo, {
              query: { sso_token: ssoToken },
              signal,
            });
            return { identity: answer.user_info, alreadyRegistered: answer.already_registered };
          },
    staleTime: Infinity,
  });
}

/** The identity behind a stored SSO token; idle without one. */
export function useSsoUserInfo(ssoToken: string | null) {
  return useQuery(ssoUserInfoQuery(ssoToken));
}
