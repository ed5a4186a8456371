import { randomBytes } from 'node:crypto';
import { isAbsolute, relative, resolve } from 'node:path';
import { defaultPtiLimits, ptiLimits, type PtiLimits } from '@sesxi/contract';
import { z } from 'zod';

/** The repository root: `npm -w` runs the server inside apps/server, so paths are anchored here. */
export const repositoryRoot = resolve(import.meta.dirname, '../../..');

export const smsOfficeUrl = 'https://smsoffice.ge/api/v2/send/';

export type DatabaseTarget =
  { driver: 'pglite'; dataDir: string } | { driver: 'postgres'; url: string };

export interface SmsGatewaySettings {
  apiUrl: string;
  apiKey: string;
  sender: string;
}

/** The OpenID Connect provider the server signs people in with, and this app's client there. */
export interface SsoSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Only the sandbox provider on a plain-HTTP APP_URL is reached without TLS. */
  allowInsecureRequests: boolean;
}

/** The state registry's personal-data check (SDA): our own JSON contract, see the README. */
export interface SdaRegistrySettings {
  url: string;
  apiKey: string;
  timeoutMs: number;
}

/** The credit bureau (Creditinfo Georgia): our own JSON contract, see the README. */
export type CreditBureauSettings = SdaRegistrySettings;

/** Identomat's document verification: its address, the secret company key, where it returns to. */
export interface IdentomatSettings {
  url: string;
  companyKey: string;
  timeoutMs: number;
  returnUrl: string;
}

/**
 * Sandbox: every outside service runs in-process (sandbox.md), single sign-on included, with
 * a client secret made up at start. Production: the real providers.
 */
export type ServiceSettings =
  | { mode: 'sandbox'; sso: SsoSettings }
  | {
      mode: 'production';
      sms: SmsGatewaySettings;
      sso: SsoSettings;
      sda: SdaRegistrySettings;
      identomat: IdentomatSettings;
      creditBureau: CreditBureauSettings;
    };

/** Where the lender's system hears of submissions and decisions, and the secret that signs them. */
export interface WebhookSettings {
  url: string;
  secret: string;
  timeoutMs: number;
}

export interface S3StorageSettings {
  /** Unset for AWS itself; the address of another S3-compatible service otherwise. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Where uploaded bank statements are kept: a local folder or an S3-compatible bucket. */
export type StorageSettings =
  { driver: 'local'; dir: string } | ({ driver: 's3' } & S3StorageSettings);

/** Caps on texting codes, against SMS pumping (security.md). */
export interface SmsLimits {
  perPhonePerDay: number;
  perAddressPerHour: number;
  dailyBudget: number;
}

/** Fastify's trustProxy: all, none, the addresses/CIDRs of the proxies, or how many hops to trust. */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

export interface Config {
  port: number;
  host: string;
  /** The Prometheus scrape port (GET /metrics, on HOST, never the public port); 0 none. */
  metricsPort: number;
  appUrl: string;
  database: DatabaseTarget;
  productName: string;
  logLevel: LogLevel;
  redisUrl: string | undefined;
  rateLimitPerMinute: number;
  /** How often this instance looks for due background jobs; 0 never (tests run them by hand). */
  jobPollMs: number;
  /** How long a stopping instance keeps serving while reporting not ready. */
  shutdownDrainMs: number;
  webDistDir: string;
  trustProxy: TrustProxy;
  services: ServiceSettings;
  /** The key of the HMAC that one-time codes are stored under. */
  codeHashSecret: string;
  smsLimits: SmsLimits;
  storage: StorageSettings;
  /** Payment-to-income limits by net monthly income, for the affordability check. */
  ptiLimits: PtiLimits;
  /** Approvals of more than this many GEL need a second credit officer's confirmation. */
  approvalSecondOfficerFrom: number;
  /**
   * Whether a service account may make an approval that waits for a second officer (four eyes
   * of which the machine is the first); it is never the second.
   */
  machineFirstOfficer: boolean;
  webhooks: WebhookSettings | undefined;
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

const optionalText = z.string().trim().min(1).optional();

const positiveCount = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(fallback);

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

type Environment = z.output<typeof environment>;

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * Reads the configuration from environment variables (pure: pass `process.env` or a test's
 * own object). Empty values count as unset. Throws a ConfigError naming every bad variable;
 * the messages never repeat the values, which may be secrets.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
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
  const vars = parsed.data;
  if (vars.SERVICE_MODE === 'sandbox' && !isLoopback(vars.HOST) && !vars.SANDBOX_ON_NETWORK) {
    throw new ConfigError([sandboxOnNetworkProblem]);
  }
  if (vars.METRICS_PORT === vars.PORT) {
    throw new ConfigError([
      'METRICS_PORT: must differ from PORT: the metrics are never served on the public port',
    ]);
  }
  const appUrl = vars.APP_URL ?? `http://localhost:${vars.PORT}`;
  return {
    port: vars.PORT,
    host: vars.HOST,
    metricsPort: vars.METRICS_PORT,
    appUrl,
    database: vars.DATABASE_URL
      ? { driver: 'postgres', url: vars.DATABASE_URL }
      : { driver: 'pglite', dataDir: resolve(anchored(vars.DATA_DIR ?? 'data'), 'pglite') },
    productName: vars.PRODUCT_NAME,
    logLevel: vars.LOG_LEVEL,
    redisUrl: vars.REDIS_URL,
    rateLimitPerMinute: vars.RATE_LIMIT_PER_MINUTE,
    jobPollMs: vars.JOB_POLL_MS,
    shutdownDrainMs: vars.SHUTDOWN_DRAIN_MS,
    webDistDir: anchored(vars.WEB_DIST_DIR ?? 'apps/web/dist'),
    trustProxy: trustProxyFrom(vars.TRUST_PROXY),
    services: serviceSettings(vars, appUrl),
    // A sandbox secret made up at start only invalidates codes younger than 5 minutes on restart.
    codeHashSecret: vars.CODE_HASH_SECRET ?? randomBytes(32).toString('base64url'),
    smsLimits: {
      perPhonePerDay: vars.SMS_PHONE_DAILY_LIMIT,
      perAddressPerHour: vars.SMS_IP_HOURLY_LIMIT,
      dailyBudget: vars.SMS_DAILY_BUDGET,
    },
    storage: storageSettings(vars),
    ptiLimits: vars.PTI_LIMITS ?? defaultPtiLimits,
    approvalSecondOfficerFrom: vars.APPROVAL_SECOND_OFFICER_FROM,
    machineFirstOfficer: vars.MACHINE_FIRST_OFFICER === 'allow',
    webhooks: webhookSettings(vars),
  };
}

const sandboxOnNetworkProblem =
  'HOST: the sandbox (SERVICE_MODE=sandbox, the default) listens only on a loopback address: ' +
  'its SMS outbox shows every one-time code and its staff passwords are published. ' +
  'Set SERVICE_MODE=production with the real providers, or SANDBOX_ON_NETWORK=true to put a ' +
  'demo on the network on purpose';

/** `localhost`, 127.0.0.0/8 or ::1 (also written as an IPv4-mapped address). */
function isLoopback(host: string): boolean {
  const address = host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/^::ffff:/, '');
  return address === 'localhost' || address === '::1' || /^127(\.\d{1,3}){3}$/.test(address);
}

/** A Standard Webhooks signing secret: `whsec_` and the base64 of 24 to 64 bytes. */
function isWebhookSecret(value: string): boolean {
  const encoded = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value)?.[1];
  if (encoded === undefined) return false;
  const bytes = Buffer.from(encoded, 'base64').length;
  return bytes >= 24 && bytes <= 64;
}

/** Webhooks go out only to a configured address, and never unsigned. */
function webhookSettings(vars: Environment): WebhookSettings | undefined {
  if (vars.WEBHOOK_URL === undefined) return undefined;
  if (vars.WEBHOOK_SECRET === undefined) {
    throw new ConfigError(['WEBHOOK_SECRET: is required when WEBHOOK_URL is set']);
  }
  return { url: vars.WEBHOOK_URL, secret: vars.WEBHOOK_SECRET, timeoutMs: vars.WEBHOOK_TIMEOUT_MS };
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
  STORAGE_DRIVER: 'bank statements: s3, or local to keep them on this machine',
};

function missingForProduction(env: Record<string, unknown>): string[] {
  if (env.SERVICE_MODE !== 'production') return [];
  return Object.entries(productionSettings)
    .filter(([name]) => env[name] === undefined)
    .map(([name, provider]) => `${name}: is required when SERVICE_MODE=production (${provider})`);
}

/** Sandbox: the in-process provider under /dev-idp (sandbox.md) with its one static client. */
export const sandboxSsoClientId = 'sesxi-sandbox';

function serviceSettings(vars: Environment, appUrl: string): ServiceSettings {
  const redirectUri = vars.SSO_REDIRECT_URI ?? `${appUrl}/sso/callback`;
  if (vars.SERVICE_MODE === 'sandbox') {
    return {
      mode: 'sandbox',
      sso: {
        issuer: `${appUrl}/dev-idp`,
        clientId: sandboxSsoClientId,
        // Made once and kept in the database, where every instance reads it (see app.ts).
        clientSecret: '',
        redirectUri,
        allowInsecureRequests: appUrl.startsWith('http:'),
      },
    };
  }
  const { SMS_API_URL: apiUrl, SMS_API_KEY: apiKey, SMS_SENDER: sender } = vars;
  const { SSO_ISSUER: issuer, SSO_CLIENT_ID: clientId, SSO_CLIENT_SECRET: clientSecret } = vars;
  if (
    apiKey === undefined ||
    sender === undefined ||
    issuer === undefined ||
    clientId === undefined ||
    clientSecret === undefined ||
    vars.CODE_HASH_SECRET === undefined ||
    vars.SDA_URL === undefined ||
    vars.SDA_API_KEY === undefined ||
    vars.IDENTOMAT_COMPANY_KEY === undefined ||
    vars.CREDIT_BUREAU_URL === undefined ||
    vars.CREDIT_BUREAU_API_KEY === undefined
  ) {
    throw new ConfigError(missingForProduction(vars));
  }
  return {
    mode: 'production',
    sms: { apiUrl, apiKey, sender },
    sso: { issuer, clientId, clientSecret, redirectUri, allowInsecureRequests: false },
    sda: { url: vars.SDA_URL, apiKey: vars.SDA_API_KEY, timeoutMs: vars.SDA_TIMEOUT_MS },
    identomat: {
      url: vars.IDENTOMAT_URL,
      companyKey: vars.IDENTOMAT_COMPANY_KEY,
      timeoutMs: vars.IDENTOMAT_TIMEOUT_MS,
      returnUrl: `${appUrl}/identomat`,
    },
    creditBureau: {
      url: vars.CREDIT_BUREAU_URL,
      apiKey: vars.CREDIT_BUREAU_API_KEY,
      timeoutMs: vars.CREDIT_BUREAU_TIMEOUT_MS,
    },
  };
}

/**
 * Bank statements: a local folder (default `<DATA_DIR>/uploads`) unless `STORAGE_DRIVER=s3`.
 * Production must choose explicitly, so that files are not kept on one machine by accident.
 */
function storageSettings(vars: Environment): StorageSettings {
  if (vars.SERVICE_MODE === 'production' && vars.STORAGE_DRIVER === undefined) {
    throw new ConfigError(missingForProduction(vars));
  }
  if (vars.STORAGE_DRIVER !== 's3') {
    const dir = anchored(vars.STORAGE_DIR ?? resolve(anchored(vars.DATA_DIR ?? 'data'), 'uploads'));
    const served = anchored(vars.WEB_DIST_DIR ?? 'apps/web/dist');
    if (!relative(served, dir).startsWith('..')) {
      throw new ConfigError(['STORAGE_DIR: must not be inside WEB_DIST_DIR, which is served']);
    }
    return { driver: 'local', dir };
  }
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId } = vars;
  const { S3_SECRET_ACCESS_KEY: secretAccessKey } = vars;
  if (bucket === undefined || accessKeyId === undefined || secretAccessKey === undefined) {
    throw new ConfigError(
      (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
        .filter((name) => vars[name] === undefined)
        .map((name) => `${name}: is required when STORAGE_DRIVER=s3`),
    );
  }
  return {
    driver: 's3',
    endpoint: vars.S3_ENDPOINT,
    region: vars.S3_REGION,
    bucket,
    accessKeyId,
    secretAccessKey,
  };
}

/** `"0:25,1000:50"` → tiers; anything unreadable becomes NaN, which the schema refuses. */
function parsePtiTiers(text: string) {
  return text.split(',').map((pair) => {
    const [income = '', percent = ''] = pair.split(':').map((part) => part.trim());
    const number = (part: string) => (/^\d+(\.\d+)?$/.test(part) ? Number(part) : Number.NaN);
    return { min_income: number(income), max_pti: number(percent) };
  });
}

function trustProxyFrom(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((address) => address.trim());
}

function anchored(path: string): string {
  return isAbsolute(path) ? path : resolve(repositoryRoot, path);
}
