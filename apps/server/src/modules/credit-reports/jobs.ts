import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { createCreditReportService, fetchReportJob } from './service.ts';

const fetchPayload = z.object({ applicationId: z.number().int() });

/** The job that asks the bureau again for a report it could not give at submission. */
export const creditReportJobs: FastifyPluginCallback = (app, _options, done) => {
  app.jobs.handle(fetchReportJob, async (payload) => {
    const service = createCreditReportService({
      db: app.database.db,
      clock: app.clock,
      log: app.log,
      bureau: app.creditBureau,
    });
    await service.fetch(fetchPayload.parse(payload).applicationId);
  });
  done();
};
