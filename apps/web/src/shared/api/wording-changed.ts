import { ApiError } from './api-error';

/**
 * The server's answer to a consent given to a wording an editor has replaced since the screen
 * showed it: 409, the message under the consent's box (`field`). The screen then shows the new
 * wording with the box unticked.
 */
export function isWordingChanged(error: unknown, field: string): error is ApiError {
  return error instanceof ApiError && error.httpStatus === 409 && field in error.fieldErrors;
}
