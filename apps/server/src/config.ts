import { randomBytes } from 'node:crypto';
import { defaultPtiLimits, type PtiLimits } from '@sesxi/contract';
import { readEnvironment, type LogLevel } from './config/environment.ts';
import { checkListening, trustProxyFrom, type TrustProxy } from './config/network.ts';
import { databaseTarget, webDistDir, type DatabaseTarget } from './config/paths.ts';
import {
  serviceSettings,
  smsLimits,
  webhookSettings,
  type ServiceSettings,
  type SmsLimits,
  type WebhookSettings,
} from './config/services.ts';
import { lenderAccountOf, type LenderAccount } from './config/lender-account.ts';
import { quietHoursOf, type QuietHours } from './config/quiet-hours.ts';
import { storageSettings, type StorageSettings } from './config/storage.ts';

/**
 * The server's configuration, composed from its parts under config/ (the environment read and
 * checked, where things live, the outside services, file storage and the network), where the
 * parts' own types and helpers are imported from.
 */
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
  /** How many days (business dates) an approval's binding offer stands after the day it is made. */
  offerValidDays: number;
  /**
   * Who pays a signed contract out: `bank`, this server through the payout bank; `core`, the
   * lender's core system, which hears `contract.signed` and reports the disbursement back.
   */
  payoutMode: 'bank' | 'core';
  /** An overdue day's penalty, percent of the principal outstanding (at most 0.27). */
  penaltyRateDaily: number;
  webhooks: WebhookSettings | undefined;
  /** Each biller's key by its name (`BILLER_KEYS`); the sandbox's is `sandbox-biller-key`. */
  billerKeys: ReadonlyMap<string, string>;
  /** How many days before a due date its reminder is texted. */
  reminderDaysBefore: number;
  /** When texts that can wait are held back (Tbilisi time), or undefined to send at any hour. */
  smsQuietHours: QuietHours | undefined;
  /** The lender's account for bank transfers; undefined when production names none. */
  lenderAccount: LenderAccount | undefined;
}

/**
 * Reads the configuration from environment variables (pure: pass `process.env` or a test's
 * own object). Empty values count as unset. Throws a ConfigError naming every bad variable;
 * the messages never repeat the values, which may be secrets.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const vars = readEnvironment(env);
  checkListening(vars);
  const appUrl = vars.APP_URL ?? `http://localhost:${vars.PORT}`;
  return {
    port: vars.PORT,
    host: vars.HOST,
    metricsPort: vars.METRICS_PORT,
    appUrl,
    database: databaseTarget(vars),
    productName: vars.PRODUCT_NAME,
    logLevel: vars.LOG_LEVEL,
    redisUrl: vars.REDIS_URL,
    rateLimitPerMinute: vars.RATE_LIMIT_PER_MINUTE,
    jobPollMs: vars.JOB_POLL_MS,
    shutdownDrainMs: vars.SHUTDOWN_DRAIN_MS,
    webDistDir: webDistDir(vars),
    trustProxy: trustProxyFrom(vars.TRUST_PROXY),
    services: serviceSettings(vars, appUrl),
    // A sandbox secret made up at start only invalidates codes younger than 5 minutes on restart.
    codeHashSecret: vars.CODE_HASH_SECRET ?? randomBytes(32).toString('base64url'),
    smsLimits: smsLimits(vars),
    storage: storageSettings(vars),
    ptiLimits: vars.PTI_LIMITS ?? defaultPtiLimits,
    approvalSecondOfficerFrom: vars.APPROVAL_SECOND_OFFICER_FROM,
    machineFirstOfficer: vars.MACHINE_FIRST_OFFICER === 'allow',
    offerValidDays: vars.OFFER_VALID_DAYS,
    payoutMode: vars.PAYOUT_MODE,
    penaltyRateDaily: vars.PENALTY_RATE_DAILY,
    webhooks: webhookSettings(vars),
    billerKeys:
      vars.BILLER_KEYS ??
      new Map(vars.SERVICE_MODE === 'sandbox' ? [['sandbox', 'sandbox-biller-key']] : []),
    reminderDaysBefore: vars.REMINDER_DAYS_BEFORE,
    smsQuietHours: quietHoursOf(vars.SMS_QUIET_HOURS),
    lenderAccount: lenderAccountOf(vars),
  };
}
