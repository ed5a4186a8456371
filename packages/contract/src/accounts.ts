import { z } from 'zod';
import { wordingSha256, wordingVersion } from './consent-wordings.ts';
import { defineEndpoint } from './endpoint.ts';
import { statusOnly, success } from './envelope.ts';
import { mobilePhone, personalNumber } from './formats.ts';
import { sessionUser } from './session-user.ts';
import { access } from './access.ts';

/** Where a single sign-on started, so the callback knows where to continue. */
export const ssoContext = z.enum(['registration', 'loan', 'other']);
export type SsoContext = z.output<typeof ssoContext>;

export const ssoState = z.object({
  context: ssoContext,
  loan_id: z.number().int().positive().nullish(),
});

/** A four-digit one-time code, as the spec fixes it. */
export const oneTimeCode = z.string().regex(/^\d{4}$/, { error: 'validation.code' });

/** What a code proves: a phone for registration, or the owner's phone for a password restore. */
export const codePurpose = z.enum(['registration', 'restore_password']);
export type CodePurpose = z.output<typeof codePurpose>;

/** At least 8 characters, no composition rules (NIST SP 800-63B); long Unicode passwords pass. */
export const newPassword = z
  .string()
  .min(8, { error: 'validation.passwordTooShort' })
  .max(256, { error: 'validation.passwordTooLong' });

/** A new password and its repetition; a mismatch is reported under password_confirmation. */
const passwordPair = { password: newPassword, password_confirmation: z.string() };

function passwordsMatch(body: { password: string; password_confirmation: string }) {
  return body.password === body.password_confirmation;
}

const passwordMismatch = {
  error: 'validation.passwordMismatch',
  path: ['password_confirmation'],
  // Checked even when other fields fail, so every error shows at once.
  when: ({ value }: z.core.ParsePayload) =>
    typeof value === 'object' &&
    value !== null &&
    'password' in value &&
    'password_confirmation' in value &&
    typeof value.password === 'string' &&
    typeof value.password_confirmation === 'string',
};

// ── Single sign-on ────────────────────────────────────────────────────────────────────

/** `POST /api/sso/initiate`: starts a transaction; the browser goes to `auth_url`. */
export const ssoInitiate = defineEndpoint({
  method: 'POST',
  path: '/api/sso/initiate',
  access: access.public,
  body: z.object({ state: ssoState }),
  response: success({ sso_token: z.string(), auth_url: z.url() }),
});

/** `POST /api/sso/callback`: completes the transaction once with the provider's code. */
export const ssoCallback = defineEndpoint({
  method: 'POST',
  path: '/api/sso/callback',
  access: access.public,
  body: z.object({ code: z.string().min(1).max(2048), token: z.string().min(1).max(200) }),
  response: success({
    message: z.string(),
    state: z.object({ context: ssoContext, loan_id: z.number().int().nullable() }),
  }),
});

/**
 * `GET /api/sso/user-info?sso_token=`: the identity of a completed transaction, and (ours)
 * whether an account already has that personal number, so registration can say so at once.
 */
export const ssoUserInfo = defineEndpoint({
  method: 'GET',
  path: '/api/sso/user-info',
  access: access.public,
  query: z.object({ sso_token: z.string().min(1).max(200) }),
  response: success({
    user_info: z.object({ name: z.string(), surname: z.string(), identity_number: personalNumber }),
    already_registered: z.boolean(),
  }),
});

// ── Registration and phone codes ──────────────────────────────────────────────────────

export const documentType = z.object({ id: z.number().int(), name: z.string() });

/**
 * `GET /api/register`: the form's options and the privacy policy's wording, as text and (ours)
 * as the sanitised HTML its editor published, with its version and SHA-256 (ours).
 */
export const registerForm = defineEndpoint({
  method: 'GET',
  path: '/api/register',
  access: access.public,
  response: success({
    documentTypes: z.array(documentType),
    privacy_policy_info_text: z.string(),
    privacy_policy_info_html: z.string(),
    privacy_policy_info_version: wordingVersion,
    privacy_policy_info_sha256: wordingSha256,
  }),
});

/**
 * `POST /api/register`. name, surname, identity_number and phone_verified_at are part of the
 * spec's payload but the server ignores them: identity comes from the SSO transaction, the
 * confirmation time from the server's own record of the confirmed code. The privacy policy
 * shown, by its version (ours) or its text: when either is not the current wording's, 409 with
 * the message under `privacy_policy`, nothing changed; with neither, the current one is agreed.
 */
export const register = defineEndpoint({
  method: 'POST',
  path: '/api/register',
  access: access.public,
  body: z
    .object({
      ...passwordPair,
      sso_token: z
        .string({ error: 'validation.ssoRequired' })
        .min(1, { error: 'validation.ssoRequired' }),
      document_type_id: z.coerce.number({ error: 'validation.required' }).int().positive(),
      document_number: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9]{9}$/, { error: 'validation.documentNumber' })
        .transform((value) => value.toUpperCase()),
      phone: mobilePhone,
      privacy_policy: z.literal(true, { error: 'validation.privacyPolicy' }),
      name: z.string().optional(),
      surname: z.string().optional(),
      identity_number: z.string().optional(),
      phone_verified_at: z.string().optional(),
      privacy_policy_agreement_text: z.string().optional(),
      privacy_policy_info_version: wordingVersion.optional(),
    })
    .refine(passwordsMatch, passwordMismatch),
  response: success({ user: sessionUser }),
});

/** `POST /api/phone-checking`: a well-formed mobile number that no account uses yet. */
export const phoneChecking = defineEndpoint({
  method: 'POST',
  path: '/api/phone-checking',
  access: access.public,
  body: z.object({ phone: mobilePhone }),
  response: statusOnly,
});

/** `POST /api/phone-checking-exists`: a well-formed mobile number of an account (restore). */
export const phoneCheckingExists = defineEndpoint({
  method: 'POST',
  path: '/api/phone-checking-exists',
  access: access.public,
  body: z.object({ phone: mobilePhone }),
  response: statusOnly,
});

/** `POST /api/code-sending`: texts a new code; a resend within 15 s answers 429. */
export const codeSending = defineEndpoint({
  method: 'POST',
  path: '/api/code-sending',
  access: access.public,
  body: z.object({ phone: mobilePhone, purpose: codePurpose.default('registration') }),
  response: statusOnly,
});

/**
 * `POST /api/code-checking`: confirms the phone with the texted code. The spec sends only
 * `{phone, code}`: the phone's latest live code is checked, and confirms what it was sent for;
 * `purpose` (ours, optional) narrows the check to a code sent for that purpose.
 */
export const codeChecking = defineEndpoint({
  method: 'POST',
  path: '/api/code-checking',
  access: access.public,
  body: z.object({
    phone: mobilePhone,
    code: oneTimeCode,
    purpose: codePurpose.optional(),
  }),
  response: statusOnly,
});

// ── Sessions and passwords ────────────────────────────────────────────────────────────

/** `POST /api/login`: field errors under phone and password on failure. */
export const login = defineEndpoint({
  method: 'POST',
  path: '/api/login',
  access: access.public,
  body: z.object({
    phone: mobilePhone,
    password: z.string().min(1).max(256),
  }),
  response: success({ user: sessionUser }),
});

/** `POST /api/logout`: revokes the session of the bearer token. */
export const logout = defineEndpoint({
  method: 'POST',
  path: '/api/logout',
  access: access.session,
  response: statusOnly,
});

/** `POST /api/change-password`: every session of the user is revoked afterwards. */
export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/api/change-password',
  access: access.session,
  body: z.object(passwordPair).refine(passwordsMatch, passwordMismatch),
  response: statusOnly,
});

/** `POST /api/restore-password`: after a confirmed restore code, a new password goes by SMS. */
export const restorePassword = defineEndpoint({
  method: 'POST',
  path: '/api/restore-password',
  access: access.public,
  body: z.object({ phone: mobilePhone }),
  response: statusOnly,
});

export type DocumentType = z.output<typeof documentType>;
