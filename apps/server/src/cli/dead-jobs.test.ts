import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '#app/db/pglite.ts';
import { jobs } from '#app/db/schema.ts';
import { runScript } from '#app/test/command-line.ts';

const script = resolve(import.meta.dirname, 'dead-jobs.ts');
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sesxi-cli-'));
});

afterAll(() => rm(dataDir, { recursive: true, force: true }));

const run = (...args: string[]) => runScript(script, dataDir, ...args);

async function withDatabase<T>(
  use: (db: Awaited<ReturnType<typeof openPglite>>['db']) => Promise<T>,
) {
  const database = await openPglite({ dataDir: join(dataDir, 'pglite') });
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

const deadAt = new Date('2026-11-24T08:00:00Z');
let id: number;

describe('npm run jobs:dead', () => {
  it('lists the jobs given up, a webhook delivery by its event', async () => {
    id = await withDatabase(async (db) => {
      const [row] = await db
        .insert(jobs)
        .values({
          kind: 'webhook.deliver',
          payload: {
            id: 'msg_1',
            type: 'application.submitted',
            timestamp: '2026-11-23T10:00:00.000Z',
            data: { application_id: 42, sequence: 1 },
          },
          orderingKey: 'application:42',
          runAt: deadAt,
          createdAt: deadAt,
          attempts: 30,
          deadAt,
          lastError: "the lender's system answered HTTP 400",
        })
        .returning({ id: jobs.id });
      return row?.id ?? 0;
    });

    const listed = await run('--kind', 'webhook.deliver');
    expect(listed.stdout).toBe(
      `${id}\twebhook.deliver application.submitted application 42 #1 (msg_1)\t` +
        "dead since 2026-11-24T08:00:00.000Z after 30 tries: the lender's system answered HTTP 400\n",
    );
    expect((await run('--kind', 'sms.send')).stdout).toBe('No dead jobs.\n');
  });

  it('queues a dead job again, due now with its tries counted afresh', async () => {
    const requeued = await run('--requeue', String(id));
    expect(requeued).toMatchObject({ code: 0, stdout: `Job ${id} is queued again.\n` });
    const again = await run('--requeue', String(id));
    expect(again).toMatchObject({ code: 1, stderr: `No dead job has the id ${id}.\n` });
    const [job] = await withDatabase((db) => db.select().from(jobs).where(eq(jobs.id, id)));
    expect(job).toMatchObject({ deadAt: null, attempts: 0, doneAt: null });
  });
});
