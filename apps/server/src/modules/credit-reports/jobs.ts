import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { creditConsentValidMs } from '#app/modules/consents/index.ts';
import { createCreditReportService, fetchReportJob } from './service.ts';

const fetchPayload = z.object({ applicationId: z.number().int() });

/** The job that asks the bureau for a submission's report, again while it cannot answer. */
export const creditReportJobs: FastifyPluginCallback = (app, _options, done) => {
  app.jobs.handle(
    fetchReportJob,
    async (payload) => {
      const service = createCreditReportService({
        db: app.database.db,
        clock: app.clock,
        log: app.log,
        bureau: app.creditBureau,
      });
      await service.fetch(fetchPayload.parse(payload).applicationId);
    },
    {
      // The bureau's client gives up after its own timeout (10 s by default).
      timeoutMs: 60_000,
      // Hourly tries outlast the consent (30 days), whose end marks the report unavailable
      // and finishes the job: it is never given up while the report could still be asked for.
      maxAttempts: Math.ceil(creditConsentValidMs / 3_600_000) + 24,
    },
  );
  done();
};
