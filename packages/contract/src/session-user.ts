import { z } from 'zod';

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
});

export type SessionUser = z.output<typeof sessionUser>;
