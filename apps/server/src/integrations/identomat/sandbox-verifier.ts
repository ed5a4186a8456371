import { createHash } from 'node:crypto';
import { ServiceUnavailableError } from '#app/errors.ts';
import { newToken } from '#app/security/tokens.ts';
import type { DocumentVerifier, IdentomatResult } from './document-verifier.ts';
import { latinName, upperLatin } from './latin-names.ts';
import type { SandboxIdentomatSessions, SandboxSession } from './sandbox-sessions.ts';

/** The sandbox page a verification sends the browser to (sandbox.md). */
export const sandboxPagePath = '/dev-identomat';

/**
 * Sandbox mode: document verification in-process (sandbox.md). The person shows their own
 * document at `/dev-identomat/{session_token}`, so the result repeats their data, except that
 * a personal number ending in 93 shows someone else's document (surname and number differ,
 * similarity 0.41) and one ending in 94 finds the provider unreachable. Everything is derived
 * from the session's row, so any instance answers the same.
 */
export function createSandboxDocumentVerifier(
  sessions: SandboxIdentomatSessions,
  appUrl: string,
): DocumentVerifier {
  return {
    async begin(holder) {
      const sessionToken = newToken();
      await sessions.begin(sessionToken, holder);
      return { sessionToken, url: `${appUrl}${sandboxPagePath}/${sessionToken}` };
    },

    async result(sessionToken) {
      const session = await sessions.find(sessionToken);
      if (session?.personalNumber.endsWith('94')) {
        throw new ServiceUnavailableError('identomat', {
          cause: new Error('sandbox: a personal number ending in 94 finds Identomat unreachable'),
        });
      }
      return session?.completedAt ? sandboxResult(session) : null;
    },
  };
}

function sandboxResult(session: SandboxSession): IdentomatResult {
  const otherDocument = session.personalNumber.endsWith('93');
  const surname = otherDocument ? otherSurname(session.surname) : session.surname;
  return {
    result: 'approved',
    similarity: otherDocument ? 0.41 : similarityOf(session.sessionToken),
    live: true,
    document_type: session.documentType,
    person: {
      first_name: upperLatin(latinName(session.name)),
      last_name: upperLatin(latinName(surname)),
      local_first_name: session.name,
      local_last_name: surname,
      personal_number: session.personalNumber,
      document_number: otherDocument
        ? otherDocumentNumber(session.documentNumber)
        : session.documentNumber,
    },
  };
}

/** 0.90–0.99, the same for a session every time it is asked. */
function similarityOf(sessionToken: string): number {
  const hash = createHash('sha256').update(sessionToken).digest();
  return (9000 + (hash.readUInt32BE(0) % 900)) / 10_000;
}

function otherSurname(surname: string): string {
  return surname === 'მაისურაძე' ? 'ბერიძე' : 'მაისურაძე';
}

function otherDocumentNumber(documentNumber: string): string {
  return `${documentNumber.slice(0, -1)}${documentNumber.endsWith('7') ? '8' : '7'}`;
}
