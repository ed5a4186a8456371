import type { FastifyInstance } from 'fastify';
import { markSandboxAccounts } from '#app/sandbox/staff-accounts.ts';
import { createStaffRepository } from './repository.ts';

/**
 * Says in the log, as the server starts, which staff accounts need the operator: in production,
 * the sandbox seed's accounts that are not disabled (their passwords are published, so their
 * sign-in and sessions are refused there: disable them); in any mode, people without the
 * personal number the four-eyes rule compares.
 */
export async function warnOfStaffAccountsAtStart(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  if (app.config.services.mode === 'production') await markSandboxAccounts(db);
  const enabled = (await createStaffRepository(db).list()).filter((row) => !row.disabledAt);
  const sandbox = enabled.filter((row) => row.isSandbox);
  if (app.config.services.mode === 'production' && sandbox.length > 0) {
    app.log.warn(
      { event: 'sandbox_accounts_in_production', phones: sandbox.map((row) => row.phone) },
      `This database holds ${String(sandbox.length)} staff account(s) made by the sandbox seed, ` +
        'whose passwords are published: production refuses their sign-in and sessions. ' +
        'Disable them with npm run staff:disable -w @sesxi/server -- --phone <phone>.',
    );
  }
  const unnumbered = enabled.filter((row) => !row.isMachine && row.identityNumber === null);
  if (unnumbered.length > 0) {
    app.log.warn(
      { event: 'staff_without_personal_number', phones: unnumbered.map((row) => row.phone) },
      `${String(unnumbered.length)} staff account(s) have no personal number: set it with ` +
        'npm run staff:set-personal-number -w @sesxi/server -- --phone <phone> --personal-number <11 digits>.',
    );
  }
}
