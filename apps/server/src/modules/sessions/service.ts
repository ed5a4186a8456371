import { minutesBefore, type Clock } from '#app/clock.ts';
import { newToken, tokenFormat, tokenHash } from '#app/security/tokens.ts';
import type { ResolvedSession, SessionRepository } from './repository.ts';

/** design.md: 30 minutes without use, 12 hours in any case. */
export const idleMinutes = 30;
export const absoluteMinutes = 12 * 60;

/**
 * How stale the stored last use may grow before a request moves it: at most one write a
 * minute per session instead of one per request, so the idle rule holds to the minute.
 */
export const slideEveryMs = 60_000;

export type ActiveSession = Omit<ResolvedSession, 'lastUsedAt'>;

export function createSessionService(repository: SessionRepository, clock: Clock) {
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
      if (!tokenFormat.test(token)) return undefined;
      const now = clock.now();
      const resolved = await repository.resolve(tokenHash(token), {
        idleSince: minutesBefore(now, idleMinutes),
        begunSince: minutesBefore(now, absoluteMinutes),
      });
      if (!resolved) return undefined;
      const { lastUsedAt, ...session } = resolved;
      if (now.getTime() - lastUsedAt.getTime() >= slideEveryMs) {
        await repository.slide(session.sessionId, now);
      }
      return session;
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
