import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { saveQuestionnaire, sdaVerifiedCustomer } from '#app/test/onboarding.ts';
import { phoneSeries } from '#app/test/unique.ts';

const freshPhone = phoneSeries('5580');
let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('probes', () => {
  it('/healthz and /readyz answer success while the process and the database are up', async () => {
    app = await buildTestApp();
    for (const url of ['/healthz', '/readyz']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'success' });
    }
  });
});

describe('shutting down', () => {
  it('stops reporting ready and closes each connection after its answer while it drains', async () => {
    app = await buildTestApp();
    app.draining = true;

    const ready = await app.inject({ url: '/readyz', headers: { 'accept-language': 'en' } });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers.connection).toBe('close');

    const alive = await app.inject({ url: '/healthz' });
    expect(alive.statusCode).toBe(200);
    expect(alive.headers.connection).toBe('close');
  });
});

describe('a database outage', () => {
  it('answers 503 from /readyz and from API calls, without crashing', async () => {
    app = await buildTestApp();
    await app.database.close();

    const ready = await app.inject({ url: '/readyz', headers: { 'accept-language': 'en' } });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'error', message: 'Cannot connect to the service' });

    const contact = await app.inject({ url: '/api/app/contact/main' });
    expect(contact.statusCode).toBe(503);
    expect(contact.json()).toMatchObject({ status: 'error' });

    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'recovers by itself when PostgreSQL drops every connection',
    async () => {
      app = await buildTestApp();
      // On node-postgres (this test's only driver) execute() answers a pg QueryResult.
      const result = (await app.database.db.execute(sql`select current_database() as name`)) as {
        rows: { name: string }[];
      };
      const [row] = result.rows;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [row?.name],
        );
      } finally {
        await admin.end();
      }

      const responses = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        responses.push((await app.inject({ url: '/readyz' })).statusCode);
      }
      expect(responses.every((status) => status === 200 || status === 503)).toBe(true);
      expect(responses.at(-1)).toBe(200);
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'answers 503 and lives on when a connection dies inside a write’s transaction',
    async () => {
      app = await buildTestApp();
      const { token } = await sdaVerifiedCustomer(app, { phone: freshPhone() });
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      // The backend of the write's connection is ended just after its transaction begins.
      // eslint-disable-next-line @typescript-eslint/unbound-method -- called with its client
      const query = pg.Client.prototype.query as (...args: unknown[]) => Promise<unknown>;
      const spy = vi.spyOn(pg.Client.prototype, 'query') as unknown as MockInstance<
        (this: pg.Client, ...args: unknown[]) => Promise<unknown>
      >;
      spy.mockImplementation(async function (this: pg.Client, ...args: unknown[]) {
        const result = await query.apply(this, args);
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
        if (text === 'begin') {
          spy.mockRestore();
          const pid = (this as unknown as { processID: number }).processID;
          const ended = new Promise((resolve) => this.once('end', resolve));
          await admin.query('select pg_terminate_backend($1)', [pid]);
          await ended;
        }
        return result;
      });
      try {
        const lost = await saveQuestionnaire(app, token);
        expect(lost.statusCode).toBe(503);
        expect(lost.json()).toMatchObject({ status: 'error' });
      } finally {
        spy.mockRestore();
        await admin.end();
      }
      expect((await saveQuestionnaire(app, token)).statusCode).toBe(200);
    },
  );
});
