import { identomatStart } from '@sesxi/contract';
import { apiRequest } from '../../../shared/api/api-client';

/**
 * `POST /api/identomat/session`: starts a document check for the signed-in customer and
 * answers the provider's page (the sandbox's in development), which later sends the browser
 * back to `/identomat?session_token=…`.
 */
export async function startDocumentCheck(): Promise<string> {
  const { url } = await apiRequest(identomatStart);
  return url;
}
