import { createPublicKey } from 'node:crypto';
import { ibanCheckDigitsValid, ptiLimits } from '@sesxi/contract';
import { z } from 'zod';

/** SMS Office's send endpoint: the SMS gateway's address unless SMS_API_URL says otherwise. */
export const smsOfficeUrl = 'https://smsoffice.ge/api/v2/send/';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const optionalText = z.string().trim().min(1).optional();

const positiveCount = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(fallback);

/** Every environment variable the server reads, with its default and what a bad value is told. */
const environment = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  METRICS_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (no metrics listener) or between 1 and 65535')
    .max(65535, 'must be 0 (no metrics listener) or between 1 and 65535')
    .default(9464),
  SANDBOX_ON_NETWORK: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  APP_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: optionalText,
  PRODUCT_NAME: z.string().trim().min(1).max(60, 'must be at most 60 characters').default('Sesxi'),
  SERVICE_MODE: z
    .enum(['sandbox', 'production'], { error: 'must be "sandbox" or "production"' })
    .default('sandbox'),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
    .optional(),
  RATE_LIMIT_PER_MINUTE: positiveCount(300),
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .default(5_000),
  JOB_POLL_MS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (no polling) or more')
    .default(2_000),
  WEB_DIST_DIR: optionalText,
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(true|false|\d+|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/,
      'must be true, false, a hop count, or a comma-separated list of addresses/CIDRs',
    )
    .optional(),
  SMS_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default(smsOfficeUrl),
  SMS_API_KEY: optionalText,
  SMS_SENDER: z.string().trim().min(1).max(11, 'must be at most 11 characters').optional(),
  SMS_PHONE_DAILY_LIMIT: positiveCount(10),
  SMS_IP_HOURLY_LIMIT: positiveCount(30),
  SMS_DAILY_BUDGET: positiveCount(2000),
  SSO_ISSUER: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  SSO_CLIENT_ID: optionalText,
  SSO_CLIENT_SECRET: optionalText,
  SSO_REDIRECT_URI: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  CODE_HASH_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  // Personal numbers travel to the registry: never over plain HTTP.
  SDA_URL: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  SDA_API_KEY: optionalText,
  SDA_TIMEOUT_MS: positiveCount(10_000),
  // The company key travels in the request body: never over plain HTTP.
  IDENTOMAT_URL: z
    .url({ protocol: /^https$/, error: 'must be an https:// URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .default('https://widget.identomat.com'),
  IDENTOMAT_COMPANY_KEY: optionalText,
  IDENTOMAT_TIMEOUT_MS: positiveCount(10_000),
  // Personal numbers travel to the bureau: never over plain HTTP.
  CREDIT_BUREAU_URL: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  CREDIT_BUREAU_API_KEY: optionalText,
  CREDIT_BUREAU_TIMEOUT_MS: positiveCount(10_000),
  PAYOUT_MODE: z.enum(['bank', 'core'], { error: 'must be "bank" or "core"' }).default('bank'),
  // Account numbers and personal numbers travel to the bank: never over plain HTTP.
  PAYOUT_BANK_URL: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  PAYOUT_BANK_API_KEY: optionalText,
  PAYOUT_BANK_TIMEOUT_MS: positiveCount(15_000),
  // Bank of Georgia's online payments API: its OAuth client and the key its callbacks are signed with.
  BOG_API_URL: z
    .url({ protocol: /^https$/, error: 'must be an https:// URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .default('https://api.bog.ge/payments/v1'),
  BOG_OAUTH_URL: z
    .url({ protocol: /^https$/, error: 'must be an https:// URL' })
    .default('https://oauth2.bog.ge/auth/realms/bog/protocol/openid-connect/token'),
  BOG_CLIENT_ID: optionalText,
  BOG_CLIENT_SECRET: optionalText,
  BOG_CALLBACK_PUBLIC_KEY: z
    .string()
    .trim()
    // One line in an env file: the PEM's line breaks written as \n.
    .transform((pem) => pem.replaceAll('\\n', '\n'))
    .refine(isPublicKey, 'must be a PEM public key (-----BEGIN PUBLIC KEY-----)')
    .optional(),
  BOG_TIMEOUT_MS: positiveCount(15_000),
  STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'must be "local" or "s3"' }).optional(),
  STORAGE_DIR: optionalText,
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  APPROVAL_SECOND_OFFICER_FROM: z.coerce
    .number({ error: 'must be a number' })
    .min(0, 'must be 0 or more')
    .default(10_000),
  MACHINE_FIRST_OFFICER: z
    .enum(['allow', 'refuse'], { error: 'must be "allow" or "refuse"' })
    .default('refuse'),
  OFFER_VALID_DAYS: positiveCount(7),
  // Percent of the principal outstanding an overdue day; the law caps it at 0.27.
  PENALTY_RATE_DAILY: z.coerce
    .number({ error: 'must be a number' })
    .min(0, 'must be 0 or more')
    .max(0.27, 'must be at most 0.27 (the legal cap)')
    .default(0.27),
  // name:key pairs, one a biller (a terminal network, a bank) paying in by personal number.
  BILLER_KEYS: z
    .string()
    .trim()
    .transform((text, context) => {
      const pairs = text.split(',').map((pair) => {
        const at = pair.indexOf(':');
        return at < 0
          ? (['', ''] as const)
          : ([pair.slice(0, at).trim(), pair.slice(at + 1).trim()] as const);
      });
      const names = pairs.map(([name]) => name);
      const valid =
        pairs.every(([name, key]) => /^[a-z0-9_-]{1,40}$/.test(name) && key.length >= 16) &&
        new Set(names).size === names.length;
      if (valid) return new Map(pairs);
      context.addIssue({
        code: 'custom',
        message:
          'must be name:key pairs like "tbcpay:…,payboxge:…" (names of a-z, 0-9, _ and -, each once; keys of at least 16 characters)',
      });
      return z.NEVER;
    })
    .optional(),
  REMINDER_DAYS_BEFORE: positiveCount(3),
  // The lender's account customers pay into by bank transfer (the loan's page shows it).
  LENDER_BANK_NAME: z.string().trim().min(1).max(100, 'must be at most 100 characters').optional(),
  LENDER_IBAN: z
    .string()
    .transform((text) => text.replace(/\s+/g, '').toUpperCase())
    .refine(
      (iban) => /^GE\d{2}[A-Z]{2}\d{16}$/.test(iban) && ibanCheckDigitsValid(iban),
      'must be a Georgian IBAN (GE, 2 check digits, a 2-letter bank code and 16 digits)',
    )
    .optional(),
  // Tbilisi time when no text but a one-time code goes out; "none" sends at any hour.
  SMS_QUIET_HOURS: z
    .string()
    .trim()
    .regex(
      /^(none|([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d)$/,
      'must be "HH:MM-HH:MM" (Tbilisi time, say 21:00-09:00) or "none"',
    )
    .default('21:00-09:00'),
  WEBHOOK_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  WEBHOOK_SECRET: z
    .string()
    .trim()
    .refine(isWebhookSecret, 'must be whsec_ and the base64 of 24 to 64 random bytes')
    .optional(),
  WEBHOOK_TIMEOUT_MS: positiveCount(10_000),
  PTI_LIMITS: z
    .string()
    .trim()
    .transform((text, context) => {
      const tiers = ptiLimits.safeParse(parsePtiTiers(text));
      const incomes = tiers.data?.map((tier) => tier.min_income) ?? [];
      if (tiers.success && new Set(incomes).size === incomes.length) return tiers.data;
      context.addIssue({
        code: 'custom',
        message:
          'must be income:percent pairs like "0:25,1000:50" (from which net monthly income in GEL each percent applies, 0–100; one from 0, none twice)',
      });
      return z.NEVER;
    })
    .optional(),
});

/** The environment variables, read and checked. */
export type Environment = z.output<typeof environment>;

/**
 * The environment read and checked; empty values count as unset. Throws a ConfigError naming
 * every bad variable (and, in production mode, every missing one); the messages never repeat
 * the values, which may be secrets.
 */
export function readEnvironment(env: Record<string, string | undefined>): Environment {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = environment.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError([
      ...parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      ...missingForProduction(present),
    ]);
  }
  return parsed.data;
}

/** The settings that production mode cannot start without, and what each is for. */
const productionSettings = {
  SMS_API_KEY: 'the SMS gateway',
  SMS_SENDER: 'the SMS gateway',
  SSO_ISSUER: 'single sign-on',
  SSO_CLIENT_ID: 'single sign-on',
  SSO_CLIENT_SECRET: 'single sign-on',
  CODE_HASH_SECRET: 'one-time codes',
  SDA_URL: 'the SDA registry',
  SDA_API_KEY: 'the SDA registry',
  IDENTOMAT_COMPANY_KEY: 'document verification (Identomat)',
  CREDIT_BUREAU_URL: 'the credit bureau',
  CREDIT_BUREAU_API_KEY: 'the credit bureau',
  PAYOUT_BANK_URL: 'the payout bank, unless PAYOUT_MODE=core',
  PAYOUT_BANK_API_KEY: 'the payout bank, unless PAYOUT_MODE=core',
  BOG_CLIENT_ID: "card payments (Bank of Georgia's online payments)",
  BOG_CLIENT_SECRET: "card payments (Bank of Georgia's online payments)",
  BOG_CALLBACK_PUBLIC_KEY: "card payments (Bank of Georgia's online payments)",
  STORAGE_DRIVER: 'bank statements: s3, or local to keep them on this machine',
};

/** What production mode misses among its required settings, one problem each. */
export function missingForProduction(env: Record<string, unknown>): string[] {
  if (env.SERVICE_MODE !== 'production') return [];
  return Object.entries(productionSettings)
    .filter(([name]) => env[name] === undefined)
    .filter(([name]) => !(name.startsWith('PAYOUT_BANK_') && env.PAYOUT_MODE === 'core'))
    .map(([name, provider]) => `${name}: is required when SERVICE_MODE=production (${provider})`);
}

/** A Standard Webhooks signing secret: `whsec_` and the base64 of 24 to 64 bytes. */
function isWebhookSecret(value: string): boolean {
  const encoded = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value)?.[1];
  if (encoded === undefined) return false;
  const bytes = Buffer.from(encoded, 'base64').length;
  return bytes >= 24 && bytes <= 64;
}

/** Whether `pem` is a public key Node can read (Bank of Georgia publishes its callbacks' key so). */
function isPublicKey(pem: string): boolean {
  try {
    return createPublicKey(pem).type === 'public';
  } catch {
    return false;
  }
}

/** `"0:25,1000:50"` → tiers; anything unreadable becomes NaN, which the schema refuses. */
function parsePtiTiers(text: string) {
  return text.split(',').map((pair) => {
    const [income = '', percent = ''] = pair.split(':').map((part) => part.trim());
    const number = (part: string) => (/^\d+(\.\d+)?$/.test(part) ? Number(part) : Number.NaN);
    return { min_income: number(income), max_pti: number(percent) };
  });
}
