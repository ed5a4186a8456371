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

/** Sandbox: every outside service runs in-process (sandbox.md). Production: the real providers. */
export type ServiceSettings = { mode: 'sandbox' } | { mode: 'production'; sms: SmsGatewaySettings };

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
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

const optionalText = z.string().trim().min(1).optional();

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
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(300),
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
  return {
    port: vars.PORT,
    host: vars.HOST,
    appUrl: vars.APP_URL ?? `http://localhost:${vars.PORT}`,
    database: vars.DATABASE_URL
      ? { driver: 'postgres', url: vars.DATABASE_URL }
      : { driver: 'pglite', dataDir: resolve(anchored(vars.DATA_DIR ?? 'data'), 'pglite') },
    productName: vars.PRODUCT_NAME,
    logLevel: vars.LOG_LEVEL,
    redisUrl: vars.REDIS_URL,
    rateLimitPerMinute: vars.RATE_LIMIT_PER_MINUTE,
    webDistDir: anchored(vars.WEB_DIST_DIR ?? 'apps/web/dist'),
    trustProxy: trustProxyFrom(vars.TRUST_PROXY),
    services: serviceSettings(vars),
  };
}

/** The real providers' settings that production mode cannot start without. */
const productionSettings = { SMS_API_KEY: 'the SMS gateway', SMS_SENDER: 'the SMS gateway' };

function missingForProduction(env: Record<string, unknown>): string[] {
  if (env.SERVICE_MODE !== 'production') return [];
  return Object.entries(productionSettings)
    .filter(([name]) => env[name] === undefined)
    .map(([name, provider]) => `${name}: is required when SERVICE_MODE=production (${provider})`);
}

function serviceSettings(vars: Environment): ServiceSettings {
  if (vars.SERVICE_MODE === 'sandbox') return { mode: 'sandbox' };
  const { SMS_API_URL: apiUrl, SMS_API_KEY: apiKey, SMS_SENDER: sender } = vars;
  if (apiKey === undefined || sender === undefined) {
    throw new ConfigError(missingForProduction(vars));
  }
  return { mode: 'production', sms: { apiUrl, apiKey, sender } };
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
