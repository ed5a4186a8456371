import { ApiError, NetworkError } from '../../shared/api/api-error';
import { i18next } from '../../shared/i18n/i18n';

/**
 * What to tell the customer when a document-check call fails: the spec's 'Cannot connect to
 * the service' when the provider (or the connection) is down, else the server's own message,
 * else the document check's default text.
 */
export function documentCheckFailureMessage(error: unknown): string {
  if (error instanceof NetworkError || (error instanceof ApiError && error.httpStatus === 503)) {
    return i18next.t('sda.unavailable');
  }
  if (error instanceof ApiError && typeof error.body.message === 'string' && error.body.message) {
    return error.body.message;
  }
  return i18next.t('identomat.failed');
}
