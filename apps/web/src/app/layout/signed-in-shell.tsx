import { createContext, useContext, type ReactNode } from 'react';

/** Marks a shell's root: the app renders the screen anew there, never hydrates it. */
export const signedInShellMarker = 'data-signed-in-shell';

const SignedInShellContext = createContext(false);

/**
 * Around a signed-in screen rendered before its visitor is known (entry-server.tsx): the header
 * keeps the place of the account menu, which the app fills in with the visitor's name.
 */
export function SignedInShell({ children }: { children: ReactNode }) {
  return <SignedInShellContext value={true}>{children}</SignedInShellContext>;
}

/** Whether this render is a signed-in screen's shell. */
export function useSignedInShell(): boolean {
  return useContext(SignedInShellContext);
}
