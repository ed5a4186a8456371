import { createHash } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '#app/db/database.ts';
import * as schema from '#app/db/schema.ts';
import { openTestDatabase } from '#app/test/build-test-app.ts';
import * as referenceData from './reference-data.ts';
import { seedDatabase } from './seed.ts';

let connection: DatabaseConnection;

beforeEach(async () => {
  connection = await openTestDatabase();
});

afterEach(() => connection.close());

const tables = {
  documentTypes: schema.documentTypes,
  cities: schema.cities,
  activitySpheres: schema.activitySpheres,
  loanPurposes: schema.loanPurposes,
  loanStatuses: schema.loanStatuses,
  branches: schema.branches,
  branchSchedules: schema.branchSchedules,
  contactSettings: schema.contactSettings,
  consentTexts: schema.consentTexts,
};

async function rowCounts() {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await connection.db.select({ rows: count() }).from(table);
    counts[name] = row?.rows ?? 0;
  }
  return counts;
}

/** The Georgian versions of a wording (the English ones are a line of their own). */
function consentVersions(kind: schema.ConsentKind, locale: 'ka' | 'en' = 'ka') {
  return connection.db
    .select({
      version: schema.consentTexts.version,
      body: schema.consentTexts.body,
      sha256: schema.consentTexts.sha256,
    })
    .from(schema.consentTexts)
    .where(and(eq(schema.consentTexts.kind, kind), eq(schema.consentTexts.locale, locale)))
    .orderBy(asc(schema.consentTexts.version));
}

describe('seedDatabase', () => {
  it('fills every reference table from reference-data.ts', async () => {
    await seedDatabase(connection.db);
    expect(await rowCounts()).toEqual({
      documentTypes: 2,
      cities: referenceData.cities.length,
      activitySpheres: referenceData.activitySpheres.length,
      loanPurposes: referenceData.loanPurposes.length,
      loanStatuses: 13,
      branches: 3,
      branchSchedules: 6,
      contactSettings: 1,
      // Each wording in Georgian and in English.
      consentTexts: 8,
    });
    const documentTypes = await connection.db
      .select({ name: schema.documentTypes.name })
      .from(schema.documentTypes)
      .orderBy(asc(schema.documentTypes.sortOrder));
    expect(documentTypes.map(({ name }) => name)).toEqual(['პირადობის მოწმობა', 'პასპორტი']);
  });

  it('runs the modules’ own seeds after the reference data, in its transaction', async () => {
    const citiesSeen: number[] = [];
    await seedDatabase(connection.db, referenceData, [
      async (tx) => {
        const [row] = await tx.select({ rows: count() }).from(schema.cities);
        citiesSeen.push(row?.rows ?? 0);
      },
    ]);
    expect(citiesSeen).toEqual([referenceData.cities.length]);
    // A module seed that fails takes the whole seed back with it.
    const fresh = await openTestDatabase();
    try {
      await expect(
        seedDatabase(fresh.db, referenceData, [() => Promise.reject(new Error('module seed'))]),
      ).rejects.toThrow('module seed');
      const [row] = await fresh.db.select({ rows: count() }).from(schema.cities);
      expect(row?.rows).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('is idempotent: a second run adds nothing', async () => {
    await seedDatabase(connection.db);
    const first = await rowCounts();
    await seedDatabase(connection.db);
    expect(await rowCounts()).toEqual(first);
  });

  it('stores each consent wording with its SHA-256', async () => {
    await seedDatabase(connection.db);
    const [credit] = await consentVersions('credit_information');
    expect(credit?.version).toBe(1);
    expect(credit?.body).toContain('30 დღის');
    expect(credit?.sha256).toBe(
      createHash('sha256').update(referenceData.consentTexts.credit_information).digest('hex'),
    );
  });

  it('adds a new consent version when the wording changes, keeping the old one', async () => {
    await seedDatabase(connection.db);
    const reworded = 'კონფიდენციალურობის პოლიტიკა\nახალი რედაქცია.';
    const data = {
      ...referenceData,
      consentTexts: { ...referenceData.consentTexts, privacy_policy: reworded },
    };
    await seedDatabase(connection.db, data);
    await seedDatabase(connection.db, data);
    expect(
      (await consentVersions('privacy_policy')).map(({ version, body }) => [version, body]),
    ).toEqual([
      [1, referenceData.consentTexts.privacy_policy],
      [2, reworded],
    ]);
    expect(await consentVersions('sda_information')).toHaveLength(1);
    expect(await consentVersions('privacy_policy', 'en')).toHaveLength(1);
  });

  it('does not bring back a wording that a stored version already has', async () => {
    await seedDatabase(connection.db);
    const operatorWording = 'ოპერატორის მიერ განახლებული ტექსტი';
    await connection.db.insert(schema.consentTexts).values({
      kind: 'privacy_policy',
      version: 2,
      body: operatorWording,
      sha256: createHash('sha256').update(operatorWording).digest('hex'),
    });
    await seedDatabase(connection.db);
    expect((await consentVersions('privacy_policy')).map(({ version }) => version)).toEqual([1, 2]);
  });

  it('leaves rows an operator changed or removed as they are', async () => {
    await seedDatabase(connection.db);
    await connection.db
      .update(schema.cities)
      .set({ name: 'ქ. თბილისი' })
      .where(eq(schema.cities.code, 'tbilisi'));
    await connection.db.update(schema.contactSettings).set({ hotline: '+995 32 2 00 00 00' });
    const [gori] = await connection.db
      .select({ id: schema.branches.id })
      .from(schema.branches)
      .where(eq(schema.branches.code, 'gori'));
    await connection.db
      .delete(schema.branchSchedules)
      .where(eq(schema.branchSchedules.branchId, gori?.id ?? 0));

    await seedDatabase(connection.db);

    const [tbilisi] = await connection.db
      .select({ name: schema.cities.name })
      .from(schema.cities)
      .where(eq(schema.cities.code, 'tbilisi'));
    expect(tbilisi?.name).toBe('ქ. თბილისი');
    const [settings] = await connection.db.select().from(schema.contactSettings);
    expect(settings?.hotline).toBe('+995 32 2 00 00 00');
    expect((await rowCounts()).branchSchedules).toBe(4);
  });
});
