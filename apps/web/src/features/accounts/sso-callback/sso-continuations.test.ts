import { describe, expect, it, vi } from 'vitest';
import { continueAfterSso } from './sso-continuations';

describe('continueAfterSso', () => {
  it('goes on with the continuation passed in for the sign-on’s context', async () => {
    const loan = vi.fn(() => Promise.resolve('/somewhere'));
    const state = { context: 'loan', loan_id: 7 } as const;
    expect(await continueAfterSso(state, { loan })).toBe('/somewhere');
    expect(loan).toHaveBeenCalledWith(state);
  });

  it('goes to /main for a context nobody continues', () => {
    expect(continueAfterSso({ context: 'loan', loan_id: 7 }, {})).toBe('/main');
    expect(continueAfterSso({ context: 'other', loan_id: null }, { loan: () => '/x' })).toBe(
      '/main',
    );
  });

  it('goes back to /register after a registration sign-on, by its own continuation', () => {
    expect(continueAfterSso({ context: 'registration', loan_id: null }, {})).toBe('/register');
  });
});
