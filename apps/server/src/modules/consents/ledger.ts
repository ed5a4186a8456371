import type { Database } from '#app/db/database.ts';
import type { ConsentKind, WordingKind } from '#app/db/schema.ts';
import { HttpError } from '#app/errors.ts';
import { textToHtml } from '#app/modules/content/index.ts';
import { createConsentRepository, type ConsentEvidence } from './repository.ts';

export type { ConsentEvidence } from './repository.ts';

/** A credit-bureau consent counts for 30 days (Creditinfo Georgia's rule for individuals). */
export const creditConsentValidMs = 30 * 24 * 60 * 60_000;

/** A wording as the consent screens serve it; consents are recorded against one of a consent's. */
export interface Wording<Kind extends WordingKind = WordingKind> {
  id: number;
  kind: Kind;
  version: number;
  body: string;
  html: string;
  sha256: string;
}

/**
 * What the consent screen showed, as its POST says it: the version its GET gave, and (the
 * spec's `sda_agreement_text`, `privacy_policy_agreement_text`) the text. Either may be absent:
 * a client that sends neither agrees to the current wording.
 */
export interface ShownWording {
  /** The consent's checkbox, under which the 409 of a changed wording shows. */
  field: string;
  version?: number | undefined;
  text?: string | undefined;
}

/**
 * The consent ledger (design.md): what was agreed to, in which exact wording, when and where.
 * Rows are only ever added. Pass a transaction's handle to record together with other changes.
 */
export function createConsentLedger(db: Database) {
  const repository = createConsentRepository(db);

  /** The newest wording of `kind`, with its HTML (a wording seeded as text has its paragraphs). */
  async function currentWording<Kind extends WordingKind>(kind: Kind): Promise<Wording<Kind>> {
    const row = await repository.latestText(kind);
    if (!row) throw new Error(`no ${kind} wording: the seed adds one`);
    const { id, version, body, html, sha256 } = row;
    return { id, kind, version, body, html: html ?? textToHtml(body), sha256 };
  }

  return {
    /** The wording customers agree to now (the general terms: the one new contracts hold). */
    currentWording,

    /**
     * The wording a customer agrees to: the current one, provided it is the one the screen
     * showed. A publish in between answers 409 ("the text has changed, read it again"), so no
     * consent is ever recorded against a wording the customer did not see.
     */
    async agreedWording(kind: ConsentKind, shown: ShownWording): Promise<Wording<ConsentKind>> {
      const wording = await currentWording(kind);
      const { field, version = wording.version, text = wording.body } = shown;
      if (version !== wording.version || text !== wording.body) {
        throw new HttpError(409, 'consent.wordingChanged', {
          fields: { [field]: [{ key: 'consent.wordingChanged' }] },
        });
      }
      return wording;
    },

    /**
     * Records that `userId` agreed to `wording` (agreedWording's), for `loanApplicationId` when
     * the consent concerns one application (the credit bureau's); answers the consent's id.
     */
    record(
      userId: number,
      wording: Wording<ConsentKind>,
      evidence: ConsentEvidence,
      { loanApplicationId = null }: { loanApplicationId?: number | null } = {},
    ): Promise<number> {
      return repository.insert({
        userId,
        kind: wording.kind,
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
