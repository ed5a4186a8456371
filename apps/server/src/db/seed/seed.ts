import { and, eq, sql } from 'drizzle-orm';
import { consentTextSha256 } from '../consent-text-hash.ts';
import type { Database } from '../database.ts';
import * as schema from '../schema.ts';
import type { WordingKind } from '../schema.ts';
import * as referenceData from './reference-data.ts';
import type { LookupItem } from './reference-data.ts';

export type ReferenceData = typeof referenceData;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A module's own seed (e.g. the default loan product), run after the reference data. */
export type ModuleSeed = (tx: Database) => Promise<void>;

/**
 * Adds the reference data that is missing; never changes or removes a row. Runs at every
 * start, in one transaction under an advisory lock so that instances starting together on one
 * PostgreSQL do not race. `moduleSeeds` are the modules' own seeds (app.ts names them and the
 * database plugin passes them: db/ does not know the modules), run in the same transaction after it.
 */
export async function seedDatabase(
  db: Database,
  data: ReferenceData = referenceData,
  moduleSeeds: readonly ModuleSeed[] = [],
) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sesxi:seed'))`);
    await seedLookup(tx, schema.documentTypes, data.documentTypes);
    await seedLookup(tx, schema.cities, data.cities);
    await seedLookup(tx, schema.activitySpheres, data.activitySpheres);
    await seedLookup(tx, schema.loanPurposes, data.loanPurposes);
    await seedLookup(tx, schema.loanStatuses, data.loanStatuses);
    await seedLookup(tx, schema.rejectionReasons, data.rejectionReasons);
    await seedBranches(tx, data.branches);
    await tx.insert(schema.contactSettings).values(data.contact).onConflictDoNothing();
    for (const [locale, wordings] of [
      ['ka', data.consentTexts],
      ['en', data.consentTextsEn],
    ] as const) {
      for (const [kind, body] of Object.entries(wordings) as [WordingKind, string][]) {
        await seedConsentText(tx, kind, body, locale);
      }
    }
    for (const seed of moduleSeeds) await seed(tx);
  });
}

type LookupTable =
  | typeof schema.documentTypes
  | typeof schema.cities
  | typeof schema.activitySpheres
  | typeof schema.loanPurposes
  | typeof schema.loanStatuses
  | typeof schema.rejectionReasons;

async function seedLookup(tx: Transaction, table: LookupTable, items: LookupItem[]) {
  await tx
    .insert(table)
    .values(items.map((item, index) => ({ ...item, sortOrder: index + 1 })))
    .onConflictDoNothing({ target: table.code });
}

/**
 * A branch is added with its opening hours only when no row has its code (nor, for the main
 * branch, when another branch is already main), so hours an operator edited or removed stay.
 */
async function seedBranches(tx: Transaction, branches: ReferenceData['branches']) {
  for (const [index, { cityCode, schedules, ...branch }] of branches.entries()) {
    const [city] = await tx
      .select({ id: schema.cities.id })
      .from(schema.cities)
      .where(eq(schema.cities.code, cityCode));
    if (!city) throw new Error(`Seed branch ${branch.code}: no city with code ${cityCode}`);
    const [inserted] = await tx
      .insert(schema.branches)
      .values({ ...branch, cityId: city.id, sortOrder: index + 1 })
      .onConflictDoNothing()
      .returning({ id: schema.branches.id });
    if (inserted && schedules.length > 0) {
      await tx
        .insert(schema.branchSchedules)
        .values(schedules.map((schedule) => ({ ...schedule, branchId: inserted.id })));
    }
  }
}

/**
 * A wording is added as the newest version of its language unless some version already has it. Comparing with
 * every version, not only the latest, keeps a newer wording an operator stored from being
 * replaced by the seed's at the next start.
 */
async function seedConsentText(
  tx: Transaction,
  kind: WordingKind,
  body: string,
  locale: 'ka' | 'en',
) {
  const sha256 = consentTextSha256(body);
  const [known] = await tx
    .select({
      latest: sql<number>`coalesce(max(${schema.consentTexts.version}), 0)::int`,
      hasWording: sql<boolean>`coalesce(bool_or(${schema.consentTexts.sha256} = ${sha256}), false)`,
    })
    .from(schema.consentTexts)
    .where(and(eq(schema.consentTexts.kind, kind), eq(schema.consentTexts.locale, locale)));
  if (known?.hasWording) return;
  await tx
    .insert(schema.consentTexts)
    .values({ kind, locale, version: (known?.latest ?? 0) + 1, body, sha256 });
}
