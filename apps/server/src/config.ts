import { randomBytes } from 'node:crypto';
import { isAbsolute, resolve } from 'node:path';
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

/**
 * Sandbox: every outside service runs in-process (sandbox.md), single sign-on included, with
 * a client secret made up at start. Production: the real providers.
 */
export type ServiceSettings =
  | { mode: 'sandbox'; sso: SsoSettings }
  | { mode: 'production'; sms: SmsGatewaySettings; sso: SsoSettings };

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
  appUrl: string;
  database: DatabaseTarget;
  productName: string;
  logLevel: LogLevel;
  redisUrl: string | undefined;
  rateLimitPerMinute: number;
  webDistDir: string;
  trustProxy: TrustProxy;
  services: ServiceSettings;
  /** The key of the HMAC that one-time codes are stored under. */
  codeHashSecret: string;
  smsLimits: SmsLimits;
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
  const appUrl = vars.APP_URL ?? `http://localhost:${vars.PORT}`;
  return {
    port: vars.PORT,
    host: vars.HOST,
    appUrl,
    database: vars.DATABASE_URL
      ? { driver: 'postgres', url: vars.DATABASE_URL }
      : { driver: 'pglite', dataDir: resolve(anchored(vars.DATA_DIR ?? 'data'), 'pglite') },
    productName: vars.PRODUCT_NAME,
    logLevel: vars.LOG_LEVEL,
    redisUrl: vars.REDIS_URL,
    rateLimitPerMinute: vars.RATE_LIMIT_PER_MINUTE,
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
  };
}

/** The settings that production mode cannot start without, and what each is for. */
const productionSettings = {
  SMS_API_KEY: 'the SMS gateway',
  SMS_SENDER: 'the SMS gateway',
  SSO_ISSUER: 'single sign-on',
  SSO_CLIENT_ID: 'single sign-on',
  SSO_CLIENT_SECRET: 'single sign-on',
  CODE_HASH_SECRET: 'one-time codes',
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
        clientSecret: randomBytes(32).toString('base64url'),
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
    vars.CODE_HASH_SECRET === undefined
  ) {
    throw new ConfigError(missingForProduction(vars));
  }
  return {
    mode: 'production',
    sms: { apiUrl, apiKey, sender },
    sso: { issuer, clientId, clientSecret, redirectUri, allowInsecureRequests: false },
  };
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
