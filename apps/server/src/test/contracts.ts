import { createHash } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { customerDocuments, loanContracts } from '#app/db/schema.ts';
import { bearer } from './accounts.ts';
import { decisionCalls } from './decisions.ts';

export const sha256Of = (bytes: Buffer | string) =>
  createHash('sha256').update(bytes).digest('hex');

/**
 * The calls of the contract tests against the app `appOf` answers: the decision calls, an
 * approved application, and the customer's contract and documents.
 */
export function contractCalls(appOf: () => FastifyInstance) {
  const decisions = decisionCalls(appOf);
  const get = (token: string, url: string, locale = 'ka') =>
    appOf().inject({ url, headers: { ...bearer(token), 'accept-language': locale } });

  /**
   * A customer's application (personal number ending `ending`) approved at once by the first
   * sandbox officer with `terms`: its offer is made.
   */
  async function approved(
    ending = '11',
    terms = { amount: 1000, months: 12 },
    values?: Record<string, unknown>,
  ) {
    const application = await decisions.inReview(ending, values);
    const answer = await decisions.approve(application.first, application.id, terms);
    expect(answer.json()).toMatchObject({ decision: { state: 'approved' } });
    return application;
  }

  return {
    ...decisions,
    approved,

    contract: (token: string, id: number, locale?: string) =>
      get(token, `/api/loans/${id}/contract`, locale),
    choose: (token: string, id: number, payload: object) =>
      appOf().inject({
        method: 'PUT',
        url: `/api/loans/${id}/contract`,
        headers: bearer(token),
        payload,
      }),
    contractPdf: (token: string, id: number) => get(token, `/api/loans/${id}/contract.pdf`),
    documents: (token: string, locale?: string) => get(token, '/api/documents', locale),

    /** The contract's row as stored; undefined before its offer. */
    contractRowOf: async (id: number) => {
      const [row] = await appOf()
        .database.db.select()
        .from(loanContracts)
        .where(eq(loanContracts.loanId, id));
      return row;
    },

    /** The application's contract documents as stored, oldest first (not its decision letter). */
    documentRowsOf: (id: number) =>
      appOf()
        .database.db.select()
        .from(customerDocuments)
        .where(and(eq(customerDocuments.loanId, id), ne(customerDocuments.kind, 'decision')))
        .orderBy(customerDocuments.id),
  };
}
