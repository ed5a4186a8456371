import { sessionUser, type SessionUser } from '@sesxi/contract';
import { z } from 'zod';

export const sessionKey = 'user';
export const sessionLifetimeMs = 30 * 60 * 1000;

/** The spec's `user` record: `expireMinutes` holds the expiry moment in milliseconds, despite its name. */
const storedUserSchema = sessionUser.extend({ expireMinutes: z.number() });
export type StoredUser = z.output<typeof storedUserSchema>;

export interface SessionStore {
  get: () => StoredUser | null;
  /** Stores the user with a fresh expiry 30 minutes ahead. */
  set: (user: SessionUser) => void;
  /** Changes some fields of the stored user (and so renews its expiry); no-op when signed out. */
  update: (changes: Partial<SessionUser>) => void;
  reset: () => void;
  /** Re-reads local storage, for changes made by another tab. */
  reload: () => void;
  subscribe: (listener: () => void) => () => void;
}

export function isExpired(user: StoredUser, now: number): boolean {
  return now > user.expireMinutes;
}

export function createSessionStore(storage: Storage, clock: () => number = Date.now): SessionStore {
  const listeners = new Set<() => void>();
  let current = read();

  function read(): StoredUser | null {
    const raw = storage.getItem(sessionKey);
    if (raw === null) return null;
    try {
      const parsed = storedUserSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  function notify() {
    for (const listener of listeners) listener();
  }

  function set(user: SessionUser) {
    current = { ...sessionUser.parse(user), expireMinutes: clock() + sessionLifetimeMs };
    storage.setItem(sessionKey, JSON.stringify(current));
    notify();
  }

  return {
    get: () => current,
    set,
    update: (changes) => {
      if (current) set({ ...current, ...changes });
    },
    reset: () => {
      current = null;
      storage.removeItem(sessionKey);
      notify();
    },
    reload: () => {
      current = read();
      notify();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
