import { identomatResult } from '@sesxi/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** `GET /api/identomat-user/{sessionToken}`: the server fetches the provider's result and judges it. */
export function fetchDocumentCheckResult(sessionToken: string) {
  return apiRequest(identomatResult, { params: { sessionToken } });
}
