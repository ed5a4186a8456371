import { desc, eq } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { consentTexts, consents, type ConsentKind } from '#app/db/schema.ts';

export interface ConsentEvidence {
  agreedAt: Date;
  ip: string;
  userAgent: string;
}

/** The consent ledger (design.md): what was agreed to, in which exact wording, when and where. */
export function createConsentRepository(db: Database) {
  /** The wording customers agree to now: the newest version of the kind. */
  async function latestText(kind: ConsentKind) {
    const [row] = await db
      .select()
      .from(consentTexts)
      .where(eq(consentTexts.kind, kind))
      .orderBy(desc(consentTexts.version))
      .limit(1);
    return row;
  }

  return {
    latestText,

    /** Records that `userId` agreed to the current wording of `kind`. */
    async record(userId: number, kind: ConsentKind, evidence: ConsentEvidence): Promise<void> {
      const text = await latestText(kind);
      if (!text) throw new Error(`no ${kind} wording to agree to: the seed adds one`);
      await db.insert(consents).values({
        userId,
        kind,
        consentTextId: text.id,
        textSha256: text.sha256,
        ...evidence,
      });
    },
  };
}

export type ConsentRepository = ReturnType<typeof createConsentRepository>;
