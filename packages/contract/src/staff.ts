import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { recordId, success } from './envelope.ts';
import { timestamp } from './formats.ts';
import { access, staffRoles } from './access.ts';

/** A staff role as a request names it. */
export const staffRole = z.enum(staffRoles, { error: 'validation.invalid' });

/**
 * A staff account as an admin sees it. The personal number comes masked (its last four digits),
 * never whole; `is_sandbox` marks an account the sandbox seed made, refused in production.
 */
export const staffAccount = z.object({
  id: z.number().int(),
  phone: z.string(),
  name: z.string(),
  surname: z.string(),
  roles: z.array(z.enum(staffRoles)),
  is_machine: z.boolean(),
  personal_number: z.string().nullable(),
  disabled_at: timestamp.nullable(),
  last_signed_in_at: timestamp.nullable(),
  must_change_password: z.boolean(),
  is_sandbox: z.boolean(),
});
export type StaffAccount = z.output<typeof staffAccount>;

const staffId = z.object({ id: recordId });

const oneAccount = success({ account: staffAccount });

/** `GET /api/staff`: every staff account (any role, disabled ones too), by id. Admins only. */
export const staffList = defineEndpoint({
  method: 'GET',
  path: '/api/staff',
  access: access.staff('admin'),
  response: success({ staff: z.array(staffAccount) }),
});

/**
 * `POST /api/staff/{id}/disable`: the account can no longer sign in, and every session and
 * token of it ends at once. An admin cannot disable themself.
 */
export const staffDisable = defineEndpoint({
  method: 'POST',
  path: '/api/staff/:id/disable',
  access: access.staff('admin'),
  params: staffId,
  response: oneAccount,
});

/** `POST /api/staff/{id}/enable`: the account may sign in again (its old sessions stay ended). */
export const staffEnable = defineEndpoint({
  method: 'POST',
  path: '/api/staff/:id/enable',
  access: access.staff('admin'),
  params: staffId,
  response: oneAccount,
});

/**
 * `PUT /api/staff/{id}/roles`: the account's roles, replaced. An admin cannot take away their
 * own admin role, so there is always one.
 */
export const staffSetRoles = defineEndpoint({
  method: 'PUT',
  path: '/api/staff/:id/roles',
  access: access.staff('admin'),
  params: staffId,
  body: z.object({ roles: z.array(staffRole).max(staffRoles.length) }),
  response: oneAccount,
});

/** `POST /api/staff/{id}/revoke-tokens`: ends every session and service token of the account. */
export const staffRevokeTokens = defineEndpoint({
  method: 'POST',
  path: '/api/staff/:id/revoke-tokens',
  access: access.staff('admin'),
  params: staffId,
  response: success({ account: staffAccount, revoked: z.number().int() }),
});
