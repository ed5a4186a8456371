import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq, sql } from 'drizzle-orm';
import { drizzle as pgliteDrizzle } from 'drizzle-orm/pglite';
import { migrate as pgliteMigrate } from 'drizzle-orm/pglite/migrator';
import { drizzle as postgresDrizzle } from 'drizzle-orm/node-postgres';
import { migrate as postgresMigrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentTextSha256 } from '#app/db/consent-text-hash.ts';
import {
  migrationsFolder,
  rowsOf,
  type Database,
  type DatabaseConnection,
} from '#app/db/database.ts';
import { pgliteExtensions } from '#app/db/pglite.ts';
import * as schema from '#app/db/schema.ts';
import * as referenceData from '#app/db/seed/reference-data.ts';
import { seedDatabase } from '#app/db/seed/seed.ts';
import { openTestDatabase } from '#app/test/build-test-app.ts';
import { createScratchDatabase } from '#app/test/scratch-database.ts';

const { consentTexts, consents } = schema;

/**
 * The migration that set one hash rule and made the wordings append-only, known by what it
 * adds (its number and name may change when migrations are regenerated).
 */
const oneHashRule = 'ADD CONSTRAINT "consent_texts_sha256_of_body"';

const allWordings = (db: Database) => db.select().from(consentTexts).orderBy(asc(consentTexts.id));

describe('the consent_texts table', () => {
  let database: DatabaseConnection;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDatabase(database.db);
  });

  afterAll(() => database.close());

  it.each([
    ['UPDATE', (db: Database) => db.update(consentTexts).set({ body: 'სხვა ტექსტი' })],
    ['DELETE', (db: Database) => db.delete(consentTexts).where(eq(consentTexts.version, 1))],
    ['TRUNCATE', (db: Database) => db.execute(sql`truncate ${consentTexts} cascade`)],
  ])('refuses %s, even to the application’s own role', async (_statement, statement) => {
    const before = await allWordings(database.db);
    expect(before.length).toBeGreaterThan(0);
    const failure = await statement(database.db).catch((error: unknown) => error);
    expect((failure as Error).cause).toMatchObject({ message: 'consent_texts is append-only' });
    expect(await allWordings(database.db)).toEqual(before);
  });

  it('takes a wording only with the SHA-256 of its text', async () => {
    const wording = {
      kind: 'sda_information' as const,
      version: 50,
      body: 'ახალი ტექსტი',
      html: '<p>ახალი <strong>ტექსტი</strong></p>',
    };
    const byHtml = database.db
      .insert(consentTexts)
      .values({ ...wording, sha256: consentTextSha256(wording.html) });
    await expect(byHtml).rejects.toMatchObject({
      cause: { constraint: 'consent_texts_sha256_of_body' },
    });
    await database.db
      .insert(consentTexts)
      .values({ ...wording, sha256: consentTextSha256(wording.body) });
  });
});

/** A fresh, empty database on whichever engine the tests run on, migrated by `migrate`. */
async function emptyDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const client = await PGlite.create({ extensions: pgliteExtensions });
    const db = pgliteDrizzle({ client, schema });
    return {
      db: db as Database,
      migrate: (folder: string) => pgliteMigrate(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const scratch = await createScratchDatabase(serverUrl);
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  const db = postgresDrizzle({ client, schema });
  return {
    db: db as Database,
    migrate: (folder: string) => postgresMigrate(db, { migrationsFolder: folder }),
    close: async () => {
      await client.end();
      await scratch.drop();
    },
  };
}

/** A copy of the migrations folder that stops before the one whose SQL holds `statement`. */
async function migrationsBefore(statement: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'sesxi-migrations-'));
  const journal = JSON.parse(
    await readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  const sqlOf = (tag: string) => readFile(join(migrationsFolder, `${tag}.sql`), 'utf8');
  const texts = await Promise.all(journal.entries.map(({ tag }) => sqlOf(tag)));
  const stop = texts.findIndex((text) => text.includes(statement));
  if (stop < 0) throw new Error(`no migration holds ${statement}`);
  const kept = journal.entries.slice(0, stop);
  await mkdir(join(folder, 'meta'));
  await writeFile(
    join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: kept }),
  );
  for (const file of await readdir(migrationsFolder)) {
    if (file.endsWith('.sql')) await copyFile(join(migrationsFolder, file), join(folder, file));
  }
  return folder;
}

describe('the migration to one hash rule', () => {
  it('rehashes the wordings published under the old rule, and their consents, and no other', async () => {
    const database = await emptyDatabase();
    const before = await migrationsBefore(oneHashRule);
    try {
      await database.migrate(before);
      // The reference data, without the wordings: those tables gained columns since, so the
      // wordings and everything else of then are written raw, with the columns they had.
      const none = {} as typeof referenceData.consentTexts;
      await seedDatabase(database.db, {
        ...referenceData,
        consentTexts: none,
        consentTextsEn: none,
      });
      const { db } = database;
      const wording = async (body: string, html: string | null, sha256: string) =>
        rowsOf<{ id: number; sha256: string }>(
          await db.execute(sql`
            insert into consent_texts (kind, locale, version, body, html, sha256)
            values ('credit_information', 'ka', ${html === null ? 1 : 2}, ${body}, ${html}, ${sha256})
            returning id, sha256`),
        )[0];
      const seededBody = referenceData.consentTexts.credit_information;
      // Seeded as the seed did: hashed by its text.
      const seeded = await wording(seededBody, null, consentTextSha256(seededBody));
      const html = '<p>გამოქვეყნებული <strong>თანხმობა</strong></p>';
      const body = 'გამოქვეყნებული თანხმობა';
      // Published as the content module did until then: hashed by its HTML.
      const published = await wording(body, html, consentTextSha256(html));
      const [customer] = rowsOf<{ id: number }>(
        await db.execute(sql`
          insert into users (name, surname, identity_number, document_type_id, document_number,
                             phone, password_hash, phone_verified_at)
          values ('ნინო', 'კაპანაძე', '03599000111', 1, '13AB45678', '599000111', 'x', now())
          returning id`),
      );
      const evidence = {
        userId: customer?.id ?? 0,
        agreedAt: new Date(),
        ip: '::1',
        userAgent: 'x',
      };
      await db.insert(consents).values([
        {
          ...evidence,
          kind: 'credit_information',
          consentTextId: seeded?.id ?? 0,
          textSha256: seeded?.sha256 ?? '',
        },
        {
          ...evidence,
          kind: 'credit_information',
          consentTextId: published?.id ?? 0,
          textSha256: published?.sha256 ?? '',
        },
      ]);

      await database.migrate(migrationsFolder);

      const wordings = await allWordings(db);
      for (const wording of wordings) expect(wording.sha256).toBe(consentTextSha256(wording.body));
      expect(wordings.find(({ id }) => id === seeded?.id)).toMatchObject({
        body: seededBody,
        sha256: seeded?.sha256,
      });
      const recorded = await db
        .select({ consentTextId: consents.consentTextId, textSha256: consents.textSha256 })
        .from(consents)
        .orderBy(asc(consents.id));
      expect(recorded).toEqual([
        { consentTextId: seeded?.id, textSha256: seeded?.sha256 },
        { consentTextId: published?.id, textSha256: consentTextSha256(body) },
      ]);
      await expect(
        db.update(consentTexts).set({ sha256: consentTextSha256(html) }),
      ).rejects.toThrow();
    } finally {
      await database.close();
      await rm(before, { recursive: true, force: true });
    }
  });
});
