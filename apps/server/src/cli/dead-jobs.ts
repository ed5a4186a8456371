import { parseArgs } from 'node:util';
import { systemClock } from '#app/clock.ts';
import { createJobRepository, type Job } from '#app/modules/jobs/index.ts';
import { deliverWebhookJob, type WebhookEvent } from '#app/modules/webhooks/index.ts';
import { fail, openConfiguredDatabase } from './command-line.ts';

const usage = 'Usage: npm run jobs:dead -w @sesxi/server -- [--kind KIND] [--requeue ID]';

/** One line for a dead job: a webhook delivery names its event, never anything personal. */
function describe(job: Job): string {
  const event =
    job.kind === deliverWebhookJob
      ? (() => {
          const { id, type, data } = job.payload as WebhookEvent;
          return ` ${type} application ${data.application_id} #${data.sequence} (${id})`;
        })()
      : '';
  return (
    `${job.id}\t${job.kind}${event}\tdead since ${job.deadAt?.toISOString() ?? '?'}` +
    ` after ${job.attempts} tries: ${job.lastError ?? ''}\n`
  );
}

/**
 * Lists the background jobs given up after their tries (webhook deliveries the lender's system
 * never acknowledged, texts the gateway never took), newest first, or queues one of them again
 * (`--requeue ID`: due now, with its tries counted afresh). The same environment variables as
 * the server; with the embedded database, stop the server first.
 */
async function main() {
  const { values } = parseArgs({
    options: { kind: { type: 'string' }, requeue: { type: 'string' } },
  });
  const requeue = values.requeue === undefined ? undefined : Number(values.requeue);
  if (requeue !== undefined && !Number.isSafeInteger(requeue)) fail(usage);

  const connection = await openConfiguredDatabase();
  try {
    const repository = createJobRepository(connection.db);
    if (requeue !== undefined) {
      if (await repository.requeue(requeue, systemClock.now())) {
        process.stdout.write(`Job ${requeue} is queued again.\n`);
      } else {
        process.stderr.write(`No dead job has the id ${requeue}.\n`);
        process.exitCode = 1;
      }
      return;
    }
    const dead = await repository.dead(values.kind);
    if (dead.length === 0) process.stdout.write('No dead jobs.\n');
    for (const job of dead) process.stdout.write(describe(job));
  } finally {
    await connection.close();
  }
}

await main();
