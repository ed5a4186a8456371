import { useSyncExternalStore } from 'react';
import { sessionKey } from './session-keys';
import { createSessionStore, type StoredUser } from './session-store';

/** The browser's session: the `user` record in local storage, shared by every tab. */
export const session = createSessionStore(localStorage);

// Pages prerendered at build time run where there is no window.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === sessionKey || event.key === null) session.reload();
  });
}

const signedOut = () => null;

/** The signed-in user; a prerendered page, and the first render that hydrates it, are signed out. */
export function useSessionUser(): StoredUser | null {
  return useSyncExternalStore(session.subscribe, session.get, signedOut);
}
