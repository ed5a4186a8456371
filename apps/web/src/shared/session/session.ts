import { useSyncExternalStore } from 'react';
import { createSessionStore, sessionKey, type StoredUser } from './session-store';

/** The browser's session: the `user` record in local storage, shared by every tab. */
export const session = createSessionStore(localStorage);

window.addEventListener('storage', (event) => {
  if (event.key === sessionKey || event.key === null) session.reload();
});

export function useSessionUser(): StoredUser | null {
  return useSyncExternalStore(session.subscribe, session.get);
}
