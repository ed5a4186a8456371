import { z } from 'zod';
import type { IdentomatSettings } from '#app/config/services.ts';
import { ServiceUnavailableError } from '#app/errors.ts';
import { identomatResultSchema, type DocumentVerifier } from './document-verifier.ts';

/** What the verification asks of the customer: Georgian screens, an ID card or a passport, a live face. */
const flags = { language: 'ka', document_types: ['id', 'passport'], liveness: true } as const;

/** `begin` answers the session token as a JSON string literal, quotes included. */
const sessionToken = z.string().trim().min(1).max(200);

/**
 * Production document verification through Identomat's server API. The company key goes only
 * in request bodies to the provider: never in a URL, a log line or an error message.
 */
export function createIdentomatClient(settings: IdentomatSettings): DocumentVerifier {
  async function call(path: string, body: Record<string, unknown>): Promise<unknown> {
    try {
      const response = await fetch(`${settings.url}/external-api/${path}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ company_key: settings.companyKey, ...body }),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      if (!response.ok) throw new Error(`Identomat's ${path} answered HTTP ${response.status}`);
      return await response.json();
    } catch (error) {
      throw new ServiceUnavailableError('identomat', { cause: error });
    }
  }

  return {
    async begin() {
      const token = sessionToken.safeParse(
        await call('begin', { flags: { ...flags, return_url: settings.returnUrl } }),
      );
      if (!token.success) throw unknownShape('begin');
      return {
        sessionToken: token.data,
        url: `${settings.url}/?session_token=${encodeURIComponent(token.data)}`,
      };
    },

    async result(token) {
      const body = await call('result', { session_token: token });
      if (isUnfinished(body)) return null;
      const result = identomatResultSchema.safeParse(body);
      if (!result.success) throw unknownShape('result');
      return result.data;
    },
  };
}

/** An object without a result: the customer has not finished the steps yet. */
function isUnfinished(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { result?: unknown }).result == null;
}

function unknownShape(path: string) {
  return new ServiceUnavailableError('identomat', {
    cause: new Error(`Identomat's ${path} answered in an unknown shape`),
  });
}
