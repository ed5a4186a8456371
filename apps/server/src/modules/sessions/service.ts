import { minutesBefore, type Clock } from '#app/clock.ts';
import { newToken, tokenFormat, tokenHash } from '#app/security/tokens.ts';
import type {
  ResolvedSession,
  SessionRead,
  SessionRepository,
  SessionWindow,
} from './repository.ts';

/** design.md: 30 minutes without use, 12 hours in any case. */
export const idleMinutes = 30;
export const absoluteMinutes = 12 * 60;

/**
 * How stale the stored last use may grow before a request moves it: at most one write a
 * minute per session instead of one per request, so the idle rule holds to the minute.
 */
export const slideEveryMs = 60_000;

export type ActiveSession = Omit<ResolvedSession, 'lastUsedAt'>;

/**
 * Sessions of `repository`. `sandboxAccounts`: whether the accounts the sandbox seed made may
 * resume their sessions (sandbox mode only: their passwords are published).
 */
export function createSessionService(
  repository: SessionRepository,
  clock: Clock,
  { sandboxAccounts = false }: { sandboxAccounts?: boolean } = {},
) {
  /** A bearer token's live session as `resolve` reads it; its last use moved when stale. */
  async function resumeThrough<Resolved extends ResolvedSession>(
    token: string,
    resolve: (tokenHash: string, window: SessionWindow) => Promise<Resolved | undefined>,
  ): Promise<Omit<Resolved, 'lastUsedAt'> | undefined> {
    if (!tokenFormat.test(token)) return undefined;
    const now = clock.now();
    const resolved = await resolve(tokenHash(token), {
      idleSince: minutesBefore(now, idleMinutes),
      begunSince: minutesBefore(now, absoluteMinutes),
      sandboxAccounts,
    });
    if (!resolved) return undefined;
    const { lastUsedAt, ...session } = resolved;
    if (now.getTime() - lastUsedAt.getTime() >= slideEveryMs) {
      await repository.slide(session.sessionId, now);
    }
    return session;
  }

  return {
    /** Starts a session and answers its bearer token, which is never stored. */
    async start(userId: number): Promise<string> {
      const token = newToken();
      await repository.insert({ tokenHash: tokenHash(token), userId, now: clock.now() });
      return token;
    },

    /** A service account's token: it ends only when revoked. */
    async startLongLived(userId: number): Promise<string> {
      const token = newToken();
      await repository.insert({
        tokenHash: tokenHash(token),
        userId,
        now: clock.now(),
        longLived: true,
      });
      return token;
    },

    /**
     * The live session of a bearer token with its user, undefined otherwise: one read, and a
     * write only when the session's last use is over a minute old (never for an unknown token).
     */
    async resume(token: string): Promise<ActiveSession | undefined> {
      return resumeThrough(token, (hash, window) => repository.resolve(hash, window));
    },

    /** resume, with `read`'s rows of the session's user (given `values`) from the same read. */
    async resumeWith<Row>(
      token: string,
      read: SessionRead<Row>,
      values?: Record<string, unknown>,
    ): Promise<(ActiveSession & { alongside: Row[] }) | undefined> {
      return resumeThrough(token, (hash, window) =>
        repository.resolveWith(hash, window, read, values),
      );
    },

    end(sessionId: number): Promise<void> {
      return repository.revoke(sessionId, clock.now());
    },

    endAllOf(userId: number): Promise<number> {
      return repository.revokeAllOf(userId, clock.now());
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
