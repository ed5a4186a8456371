import { isRouteErrorResponse, useParams } from 'react-router';
import { ApiError } from '../api/api-error';

/**
 * Thrown while rendering a screen for a record that is not there: an id that is no id, or one
 * the server answers 404 for (missing, or someone else's). The route's error boundary shows the
 * not-found screen with a way back (see app/route-error.tsx).
 */
export class NotFoundError extends Error {
  override readonly name = 'NotFoundError';
  constructor() {
    super('Not found');
  }
}

/** The largest id the server takes (a PostgreSQL integer). */
const maxRecordId = 2_147_483_647;

/** A route's `:id` as a record id: digits only, from 1 to the largest id; else null. */
export function recordIdOf(text: string | undefined): number | null {
  if (text === undefined || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= maxRecordId ? id : null;
}

/** The route's `:id`; a screen for an id that cannot exist shows the not-found screen. */
export function useRecordId(): number {
  const id = recordIdOf(useParams().id);
  if (id === null) throw new NotFoundError();
  return id;
}

/** Whether `error` says the thing asked for is not there. */
export function isNotFound(error: unknown): boolean {
  return (
    error instanceof NotFoundError ||
    (error instanceof ApiError && error.httpStatus === 404) ||
    (isRouteErrorResponse(error) && error.status === 404)
  );
}

/** A screen's record query failed with 404: the not-found screen instead of an error line. */
export function throwIfNotFound(error: Error | null): void {
  if (error && isNotFound(error)) throw new NotFoundError();
}
