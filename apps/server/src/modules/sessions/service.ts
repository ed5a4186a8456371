import { minutesBefore, type Clock } from '#app/clock.ts';
import { newToken, tokenFormat, tokenHash } from '#app/security/tokens.ts';
import type { SessionRepository } from './repository.ts';

/** design.md: 30 minutes without use, 12 hours in any case. */
export const idleMinutes = 30;
export const absoluteMinutes = 12 * 60;

export interface ActiveSession {
  sessionId: number;
  userId: number;
}

export function createSessionService(repository: SessionRepository, clock: Clock) {
  return {
    /** Starts a session and answers its bearer token, which is never stored. */
    async start(userId: number): Promise<string> {
      const token = newToken();
      await repository.insert({ tokenHash: tokenHash(token), userId, now: clock.now() });
      return token;
    },

    /** The live session of a bearer token, its idle timer restarted; undefined otherwise. */
    async resume(token: string): Promise<ActiveSession | undefined> {
      if (!tokenFormat.test(token)) return undefined;
      const now = clock.now();
      return repository.touch(tokenHash(token), {
        now,
        idleSince: minutesBefore(now, idleMinutes),
        begunSince: minutesBefore(now, absoluteMinutes),
      });
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
