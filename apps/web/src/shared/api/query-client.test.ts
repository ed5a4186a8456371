import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api-error';
import { createQueryClient } from './query-client';

const retry = createQueryClient().getDefaultOptions().queries?.retry;

function retries(failureCount: number, error: Error): boolean {
  if (typeof retry !== 'function') throw new Error('expected a retry function');
  return retry(failureCount, error);
}

describe('query client defaults', () => {
  it.each([401, 403, 404, 409, 422, 429])('never retries a %d answer', (status) => {
    expect(retries(0, new ApiError(status, {}, ''))).toBe(false);
  });

  it('retries server failures and lost connections twice', () => {
    expect(retries(0, new ApiError(503, {}, ''))).toBe(true);
    expect(retries(1, new NetworkError('offline'))).toBe(true);
    expect(retries(2, new NetworkError('offline'))).toBe(false);
  });
});
