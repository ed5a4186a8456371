import type { Database } from '#app/db/database.ts';
import type { ConsentKind } from '#app/db/schema.ts';
import { textToHtml } from '#app/modules/content/sanitise.ts';
import { createConsentRepository, type ConsentEvidence } from './repository.ts';

export type { ConsentEvidence } from './repository.ts';

/** A credit-bureau consent counts for 30 days (Creditinfo Georgia's rule for individuals). */
export const creditConsentValidMs = 30 * 24 * 60 * 60_000;

/**
 * The consent ledger (design.md): what was agreed to, in which exact wording, when and where.
 * Rows are only ever added. Pass a transaction's handle to record together with other changes.
 */
export function createConsentLedger(db: Database) {
  const repository = createConsentRepository(db);

  return {
    /**
     * The wording customers agree to now: the newest version of the kind, with its HTML (a
     * wording seeded as text has its paragraphs).
     */
    async currentWording(kind: ConsentKind) {
      const wording = await repository.latestText(kind);
      return wording && { ...wording, html: wording.html ?? textToHtml(wording.body) };
    },

    /**
     * Records that `userId` agreed to the current wording of `kind`, for `loanApplicationId`
     * when the consent concerns one application (the credit bureau's); answers the consent's id.
     */
    async record(
      userId: number,
      kind: ConsentKind,
      evidence: ConsentEvidence,
      { loanApplicationId = null }: { loanApplicationId?: number | null } = {},
    ): Promise<number> {
      const wording = await repository.latestText(kind);
      if (!wording) throw new Error(`no ${kind} wording to agree to: the seed adds one`);
      return repository.insert({
        userId,
        kind,
        consentTextId: wording.id,
        textSha256: wording.sha256,
        loanApplicationId,
        ...evidence,
      });
    },

    /** The credit-bureau consent last given for an application: its id and when. */
    creditConsentOf: (applicationId: number) =>
      repository.latestForApplication(applicationId, 'credit_information'),
  };
}
