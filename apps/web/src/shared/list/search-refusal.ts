import { useState } from 'react';
import { ApiError } from '../api/api-error';

/** The server's words when it refused the search itself (a `search` field error). */
export function searchRefusal(error: Error | null): string | undefined {
  return error instanceof ApiError ? error.fieldErrors.search?.join(' ') : undefined;
}

/** The last value that was defined: the last page the server sent. */
export function useLastDefined<T>(value: T | undefined): T | undefined {
  const [last, setLast] = useState(value);
  if (value !== undefined && value !== last) setLast(value);
  return value ?? last;
}
