import { decisionCalls } from './decisions.ts';
import { answerJson, startFakeHttpService } from './fake-http-service.ts';
import { loanTestApp } from './loans.ts';
import { serviceAccount } from './officers.ts';
import { paidOutLoan } from './signed-loans.ts';
import type { TestClock } from './test-clock.ts';

/**
 * A loan test app whose payouts the lender's core system reports (`PAYOUT_MODE=core`): `core`
 * is the bearer headers of the core's service account, `calls` the decision calls, and
 * `paidOutLoan` pays a loan out through them (see signed-loans.ts). With `webhooks`, the
 * lender's webhook endpoint is a fake on a loopback port that accepts every delivery. Built in
 * a file's beforeAll; `close` it in its afterAll.
 */
export async function coreLenderTestApp({
  clock,
  listen = false,
  webhooks = false,
  env = {},
}: {
  clock: TestClock;
  listen?: boolean;
  webhooks?: boolean;
  env?: Record<string, string>;
}) {
  const endpoint = webhooks
    ? await startFakeHttpService('/hooks/sesxi', (_request, response) =>
        answerJson(response, 200, {}),
      )
    : undefined;
  const { app, close } = await loanTestApp({
    clock,
    listen,
    env: {
      PAYOUT_MODE: 'core',
      ...(endpoint && {
        WEBHOOK_URL: endpoint.url,
        WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 9).toString('base64')}`,
      }),
      ...env,
    },
  });
  const core = await serviceAccount(app, '598200001');
  const calls = decisionCalls(() => app);
  return {
    app,
    core,
    calls,
    paidOutLoan: (options: { ending?: string; paymentDay?: number } = {}) =>
      paidOutLoan(app, calls, core, options),
    close: async () => {
      await close();
      endpoint?.close();
    },
  };
}

export type CoreLenderTestApp = Awaited<ReturnType<typeof coreLenderTestApp>>;
