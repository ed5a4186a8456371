import {
  formatTimestamp,
  staffDisable,
  staffEnable,
  staffList,
  staffRevokeTokens,
  staffSetRoles,
  type StaffAccount,
} from '@sesxi/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { accountOf } from '#app/plugins/authentication.ts';
import { maskedPersonalNumber } from '#app/modules/sda/index.ts';
import { serviceContext } from '#app/service-context.ts';
import type { StaffRow } from './repository.ts';
import { warnOfStaffAccountsAtStart } from './start-check.ts';
import { createStaffService, type StaffActor } from './service.ts';

/** An account as the admin screens show it: the personal number masked, never whole. */
export function staffAccountOf(row: StaffRow): StaffAccount {
  return {
    id: row.id,
    phone: row.phone,
    name: row.name,
    surname: row.surname,
    roles: row.roles,
    is_machine: row.isMachine,
    personal_number: row.identityNumber && maskedPersonalNumber(row.identityNumber),
    disabled_at: row.disabledAt && formatTimestamp(row.disabledAt),
    last_signed_in_at: row.lastSignedInAt && formatTimestamp(row.lastSignedInAt),
    must_change_password: row.mustChangePassword,
    is_sandbox: row.isSandbox,
  };
}

const adminOf = (request: FastifyRequest): StaffActor => ({ adminId: accountOf(request).user.id });

/**
 * The staff accounts, for admins (401 without a session, 403 for anyone else): list, disable,
 * enable, set roles, end sessions and tokens. Every change is a security event in the log.
 * At start, says in the log which accounts need the operator's attention.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  await warnOfStaffAccountsAtStart(app);
  const service = (request: FastifyRequest) => createStaffService(serviceContext(app, request));
  const answer = (row: StaffRow) => ({ status: 'success' as const, account: staffAccountOf(row) });

  app.get(staffList.path, { schema: schemaOf(staffList) }, async (request) => ({
    status: 'success' as const,
    staff: (await service(request).list()).map(staffAccountOf),
  }));

  app.post(staffDisable.path, { schema: schemaOf(staffDisable) }, async (request) =>
    answer(await service(request).disable(request.params.id, adminOf(request))),
  );

  app.post(staffEnable.path, { schema: schemaOf(staffEnable) }, async (request) =>
    answer(await service(request).enable(request.params.id, adminOf(request))),
  );

  app.put(staffSetRoles.path, { schema: schemaOf(staffSetRoles) }, async (request) =>
    answer(
      await service(request).setRoles(request.params.id, request.body.roles, adminOf(request)),
    ),
  );

  app.post(staffRevokeTokens.path, { schema: schemaOf(staffRevokeTokens) }, async (request) => {
    const { account, revoked } = await service(request).revokeTokens(
      request.params.id,
      adminOf(request),
    );
    return { ...answer(account), revoked };
  });
};
