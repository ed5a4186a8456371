import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { consentTexts, consents, type ConsentKind, type WordingKind } from '#app/db/schema.ts';

export interface ConsentEvidence {
  agreedAt: Date;
  ip: string;
  userAgent: string;
}

/** The wordings consents of `kind` are recorded against: the Georgian ones. */
const recordedWordings = (kind: WordingKind) =>
  and(eq(consentTexts.kind, kind), eq(consentTexts.locale, 'ka'));

/** What latestWordingSql reads. */
export interface LatestWordingJson {
  body: string;
  version: number;
  sha256: string;
}

/** The newest wording of `kind` (latestText's), as a JSON subquery for a raw statement. */
export function latestWordingSql(kind: WordingKind): SQL {
  return sql`(select json_build_object('body', ${consentTexts.body}, 'version', ${consentTexts.version},
      'sha256', ${consentTexts.sha256})
    from ${consentTexts} where ${recordedWordings(kind)}
    order by ${consentTexts.version} desc limit 1)`;
}

export function createConsentRepository(db: Database) {
  return {
    /**
     * The newest Georgian wording of `kind`: the one consents are recorded against (the
     * content module publishes new versions; English ones are for reading).
     */
    async latestText(kind: WordingKind) {
      const [row] = await db
        .select()
        .from(consentTexts)
        .where(recordedWordings(kind))
        .orderBy(desc(consentTexts.version))
        .limit(1);
      return row;
    },

    async insert(consent: typeof consents.$inferInsert): Promise<number> {
      const [row] = await db.insert(consents).values(consent).returning({ id: consents.id });
      if (!row) throw new Error('inserting a consent returned no row');
      return row.id;
    },

    /** The latest consent of `kind` given for an application. */
    async latestForApplication(applicationId: number, kind: ConsentKind) {
      const [row] = await db
        .select({ id: consents.id, agreedAt: consents.agreedAt })
        .from(consents)
        .where(and(eq(consents.loanApplicationId, applicationId), eq(consents.kind, kind)))
        .orderBy(desc(consents.agreedAt), desc(consents.id))
        .limit(1);
      return row;
    },
  };
}
