import { sdaCheck, sdaInfo, type BodyOf } from '@sesxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { currentLocale } from '../../../shared/i18n/i18n';

/**
 * The wording of the personal-data check: as text and its version (what the consent sends
 * back), and as HTML.
 */
export interface SdaInfo {
  text: string;
  html: string;
  version: number;
}

export const sdaInfoKey = ['sda-checking', 'info'] as const;

/** `GET /api/sda-checking`: the wording of the personal-data check the customer agrees to. */
export function sdaInfoQuery() {
  return queryOptions({
    queryKey: [...sdaInfoKey, currentLocale()],
    queryFn: async ({ signal }): Promise<SdaInfo> => {
      const answer = await apiRequest(sdaInfo, { signal });
      return {
        text: answer.sda_info_text,
        html: answer.sda_info_html,
        version: answer.sda_info_version,
      };
    },
  });
}

export function useSdaInfo() {
  return useQuery(sdaInfoQuery());
}

/**
 * `POST /api/sda-checking`: the consent and the registry's answer, `success` or `refused`
 * (an unreachable registry is a 503, thrown as an ApiError).
 */
export function sendSdaConsent(body: BodyOf<typeof sdaCheck>) {
  return apiRequest(sdaCheck, { body });
}
