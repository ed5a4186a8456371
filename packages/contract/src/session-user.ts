import { z } from 'zod';
import { staffRoles } from './access.ts';

/**
 * The signed-in user as login and registration answer it. The web app keeps this record
 * (plus its own expiry time) in local storage under `user`; nothing more sensitive is kept.
 */
export const sessionUser = z.object({
  apiToken: z.string().min(1),
  name: z.string(),
  surname: z.string(),
  phone: z.string(),
  is_sda_verified: z.boolean(),
  has_questionnaire: z.boolean(),
  is_identomat_verified: z.boolean(),
  isSupport: z.boolean(),
  /** Ours, beside the spec's `isSupport`: every role of a staff account, none for a customer. */
  roles: z.array(z.enum(staffRoles)).default([]),
  /**
   * Ours: the account signed in with a temporary password (a new staff account's), so the
   * session serves only the change of password and logout until it is changed.
   */
  must_change_password: z.boolean().optional(),
});

export type SessionUser = z.output<typeof sessionUser>;
