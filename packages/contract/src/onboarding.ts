import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { success } from './envelope.ts';
import { wordingSha256, wordingVersion } from './consent-wordings.ts';
import { timestamp } from './formats.ts';
import { access } from './access.ts';

// ── Personal-data check (SDA) ─────────────────────────────────────────────────────────

/**
 * `GET /api/sda-checking`: the wording the customer agrees to, as text and (ours) as the
 * sanitised HTML its editor published, with its version and SHA-256 (ours).
 */
export const sdaInfo = defineEndpoint({
  method: 'GET',
  path: '/api/sda-checking',
  access: access.customer,
  response: success({
    sda_info_text: z.string(),
    sda_info_html: z.string(),
    sda_info_version: wordingVersion,
    sda_info_sha256: wordingSha256,
  }),
});

/**
 * `POST /api/sda-checking`: the consent and the registry's answer. `success` marks the user
 * SDA-verified; `refused` (HTTP 200, an answer rather than an error) means the registry does
 * not confirm the data; an unreachable registry is a 503 error body. The wording shown, by its
 * version (ours) or its text: when either is not the current wording's, 409 with the message
 * under `is_sda_verified`, nothing asked or recorded; with neither, the current one is agreed.
 */
export const sdaCheck = defineEndpoint({
  method: 'POST',
  path: '/api/sda-checking',
  access: access.customer,
  body: z.object({
    sda_agreed_at: timestamp,
    is_sda_verified: z.literal(true, { error: 'validation.consentRequired' }),
    sda_agreement_text: z.string().max(20_000).optional(),
    sda_info_version: wordingVersion.optional(),
  }),
  response: z.discriminatedUnion('status', [
    success({}),
    z.object({ status: z.literal('refused'), message: z.string() }),
  ]),
});

// ── Questionnaire ─────────────────────────────────────────────────────────────────────

/** A lookup row (city, activity sphere), named in the request's locale. */
export const lookupItem = z.object({ id: z.number().int(), name: z.string() });

/**
 * An amount in lari between `minimum` and `maximum`, as the forms send it: Georgian customers
 * type decimals with a comma, so "1234,50" and 1234.5 are the same amount. The bounds are
 * named as amounts ("at most 50 000,00 ₾").
 */
export function moneyBetween(minimum: number, maximum: number) {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const text = value.trim().replace(',', '.');
      return text === '' ? undefined : Number(text);
    },
    z
      .number({
        error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.amount'),
      })
      .min(minimum, { error: minimum === 0 ? 'validation.amount' : 'validation.amountTooSmall' })
      .max(maximum, { error: 'validation.amountTooBig' })
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
        error: 'validation.amountDecimals',
      }),
  );
}

/** An amount a questionnaire states: zero up to ten million lari. */
export const moneyAmount = moneyBetween(0, 10_000_000);

/** A radio answer: 1 yes, 0 no (the spec sends numbers; strings and booleans are accepted). */
const yesNo = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], {
    error: 'validation.required',
  })
  .transform((value) => (value === 1 || value === '1' || value === true ? 1 : 0));

/** A checkbox that may arrive as a boolean, 0/1 or null (unchecked). */
const checkbox = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.null()])
  .optional()
  .transform((value) => value === true || value === 1 || value === '1');

/** Text that must be there: missing or blank is "required", too long names the limit. */
/** An answer in words: no control character (PostgreSQL cannot store NUL, no answer needs one). */
const requiredText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^\P{Cc}*$/u, { error: 'validation.invalid' });

/**
 * The questionnaire as the form sends it. The conditional amounts are required only when
 * their box is set, and become null otherwise, whatever the client sent.
 * `monthly_loan_payments` is ours, beside the spec's fields: what the customer pays a month on
 * existing loans, optional (null when left empty). `total_financial_liability` is the total
 * owed, as the spec names it; the affordability check uses the monthly figure.
 */
export const questionnaireInput = z
  .object({
    city_id: z.coerce.number({ error: 'validation.required' }).int().positive(),
    address: requiredText(255),
    organisation_name: requiredText(255),
    position: requiredText(255),
    salary: moneyAmount,
    has_transfer: checkbox,
    transfer: z.unknown().optional(),
    monthly_expenses: moneyAmount,
    total_financial_liability: moneyAmount,
    monthly_loan_payments: z.unknown().optional(),
    is_political_active: yesNo.default(0),
    is_individual_entrepreneur: yesNo.default(0),
    is_entrepreneur: checkbox,
    entrepreneur_income: z.unknown().optional(),
    activity_sphere_id: z.unknown().optional(),
    has_pension: checkbox,
    pension: z.unknown().optional(),
  })
  .transform((input, context) => {
    const conditional = <T>(field: string, set: boolean, schema: z.ZodType<T>): T | null => {
      if (!set) return null;
      const parsed = schema.safeParse(input[field as keyof typeof input]);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) {
        context.issues.push({ ...issue, path: [field], input: undefined });
      }
      return null;
    };
    /** An amount the customer may leave empty (null), checked when given. */
    const optionalAmount = (field: 'monthly_loan_payments') => {
      const value = input[field];
      const empty = value === undefined || value === null || value === '';
      return conditional(field, !empty, moneyAmount);
    };
    const isEntrepreneur = input.is_entrepreneur || input.is_individual_entrepreneur === 1;
    return {
      city_id: input.city_id,
      address: input.address,
      organisation_name: input.organisation_name,
      position: input.position,
      salary: input.salary,
      monthly_expenses: input.monthly_expenses,
      total_financial_liability: input.total_financial_liability,
      monthly_loan_payments: optionalAmount('monthly_loan_payments'),
      is_political_active: input.is_political_active,
      is_individual_entrepreneur: isEntrepreneur ? 1 : 0,
      has_transfer: input.has_transfer,
      transfer: conditional('transfer', input.has_transfer, moneyAmount),
      is_entrepreneur: isEntrepreneur,
      entrepreneur_income: conditional('entrepreneur_income', isEntrepreneur, moneyAmount),
      activity_sphere_id: conditional(
        'activity_sphere_id',
        isEntrepreneur,
        z.coerce.number({ error: 'validation.required' }).int().positive(),
      ),
      has_pension: input.has_pension,
      pension: conditional('pension', input.has_pension, moneyAmount),
    };
  });

export type QuestionnaireInput = z.input<typeof questionnaireInput>;
export type QuestionnaireValues = z.output<typeof questionnaireInput>;

/** The stored questionnaire, as the edit and review screens prefill it. */
export const questionnaire = z.object({
  id: z.number().int(),
  city_id: z.number().int(),
  address: z.string(),
  organisation_name: z.string(),
  position: z.string(),
  salary: z.number(),
  has_transfer: z.boolean(),
  transfer: z.number().nullable(),
  monthly_expenses: z.number(),
  total_financial_liability: z.number(),
  monthly_loan_payments: z.number().nullable(),
  is_political_active: z.union([z.literal(0), z.literal(1)]),
  is_individual_entrepreneur: z.union([z.literal(0), z.literal(1)]),
  is_entrepreneur: z.boolean(),
  entrepreneur_income: z.number().nullable(),
  activity_sphere_id: z.number().int().nullable(),
  has_pension: z.boolean(),
  pension: z.number().nullable(),
  updated_at: timestamp,
});

/** `GET /api/questionnaires/create`: the form's lookup lists. */
export const questionnaireOptions = defineEndpoint({
  method: 'GET',
  path: '/api/questionnaires/create',
  access: access.sdaVerified,
  response: success({ cities: z.array(lookupItem), activitySpheres: z.array(lookupItem) }),
});

/**
 * `GET /api/questionnaires`: the customer's questionnaire (null before the first save), and the
 * privacy policy's current wording with (ours) its version and SHA-256.
 */
export const questionnaireShow = defineEndpoint({
  method: 'GET',
  path: '/api/questionnaires',
  access: access.sdaVerified,
  response: success({
    questionnaire: questionnaire.nullable(),
    privacy_policy_agreement_text: z.string(),
    privacy_policy_info_version: wordingVersion,
    privacy_policy_info_sha256: wordingSha256,
  }),
});

/** `POST /api/questionnaires`: creates or updates the one questionnaire; history is kept. */
export const questionnaireSave = defineEndpoint({
  method: 'POST',
  path: '/api/questionnaires',
  access: access.sdaVerified,
  body: questionnaireInput,
  response: success({ questionnaire }),
});

export type Questionnaire = z.output<typeof questionnaire>;
export type LookupItem = z.output<typeof lookupItem>;
