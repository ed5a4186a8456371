import { generateKeyPairSync } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseDocument } from 'yaml';
import { loadConfig } from '../../apps/server/src/config.ts';
import { ConfigError } from '../../apps/server/src/config/environment.ts';

/** The repository root: every deployment file is named from here. */
export const root = resolve(import.meta.dirname, '../..');

export const read = (path: string) => readFileSync(resolve(root, path), 'utf8');

export interface TableRow {
  name: string;
  default: string;
}

/** The README's configuration table, in its order: the one list every deployment file follows. */
export function readmeTable(): TableRow[] {
  const section =
    read('README.md')
      .split(/^## Configuration$/m)[1]
      ?.split(/^## /m)[0] ?? '';
  const rows = [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\| (.*?) +\|/gm)];
  if (rows.length === 0) throw new Error('the README has no configuration table');
  return rows.map(([, name = '', defaultText = '']) => ({ name, default: defaultText }));
}

export const readmeNames = () => readmeTable().map((row) => row.name);

/**
 * Variables the deployment files may carry before the README's table lists them: the metrics
 * listener's port is being added by another change. Once the table has it, every file must.
 */
export const aheadOfTable = ['METRICS_PORT'];

/**
 * `names` as the table's order is compared: without the variables that may be ahead of the
 * table, wherever the table puts them once it has them (`missingAhead` checks those).
 */
export function inTableOrder(names: readonly string[]): string[] {
  return names.filter((name) => !aheadOfTable.includes(name));
}

/** The variables ahead of the table that the table now has but `names` lacks. */
export function missingAhead(names: readonly string[]): string[] {
  const table = readmeNames();
  return aheadOfTable.filter((name) => table.includes(name) && !names.includes(name));
}

/** The table's default of a variable, when it is a plain `value`. */
export function tableDefault(name: string): string | undefined {
  const row = readmeTable().find((candidate) => candidate.name === name);
  return /^`([^`]*)`$/.exec(row?.default ?? '')?.[1];
}

/** Credentials: kept in a Secret, marked SECRET and left empty in env.example. */
export function isSecret(name: string): boolean {
  if (name.endsWith('_PUBLIC_KEY')) return false;
  return /SECRET|_KEY|PASSWORD/.test(name) || name === 'DATABASE_URL' || name === 'REDIS_URL';
}

/** What the server refuses to start in production without, as loadConfig itself reports it. */
export function requiredInProduction(): string[] {
  try {
    loadConfig({ SERVICE_MODE: 'production' });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems
      .map((problem) => /^(\w+): is required when SERVICE_MODE=production/.exec(problem)?.[1])
      .filter((name) => name !== undefined);
  }
  throw new Error('loadConfig started production with no settings at all');
}

/** A plausible value for an empty placeholder, so that a filled-in template can be loaded. */
export function sampleValue(name: string): string {
  const samples: Record<string, string> = {
    DATABASE_URL: 'postgres://sesxi:password@db.internal:5432/sesxi?sslmode=require',
    REDIS_URL: 'rediss://:password@redis.internal:6379',
    SMS_SENDER: 'Sesxi',
    SSO_CLIENT_ID: 'sesxi',
    BOG_CLIENT_ID: 'sesxi',
    // A PEM on one line, as an env file holds it.
    BOG_CALLBACK_PUBLIC_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString()
      .replaceAll('\n', '\\n'),
    S3_BUCKET: 'sesxi-statements',
    STORAGE_DRIVER: 's3',
    WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 's').toString('base64')}`,
    BILLER_KEYS: `tbcpay:${'s'.repeat(40)}`,
  };
  if (samples[name] !== undefined) return samples[name];
  if (isSecret(name)) return `${name.toLowerCase()}-${'s'.repeat(40)}`;
  if (name.endsWith('_URL') || name === 'SSO_ISSUER') {
    return `https://${name.toLowerCase().replaceAll('_', '-')}.example.com`;
  }
  throw new Error(`no sample value for ${name}: add one`);
}

/** Fills the empty values (those `which` picks: all by default) with `sampleValue`. */
export function filled(
  env: Record<string, string>,
  which: (name: string) => boolean = () => true,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([name, value]) => [
      name,
      value === '' && which(name) ? sampleValue(name) : value,
    ]),
  );
}

/** What an operator must fill in: the secrets and what production requires. */
export function mustFill(name: string): boolean {
  return isSecret(name) || requiredInProduction().includes(name);
}

/** `KEY=value` lines (comments and blank lines skipped), as compose and kustomize read them. */
export function parseEnvFile(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** Compose's interpolation: `${X}`, `${X:-default}`, `${X:?message}` (an unset X is refused). */
export function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(
    /\$\{([A-Z][A-Z0-9_]*)(?::([-?])([^}]*))?\}/g,
    (_match, name: string, kind: string | undefined, rest: string | undefined): string => {
      const value = env[name] ?? '';
      if (value !== '') return value;
      if (kind === '?') throw new Error(`compose refuses to start without ${name}: ${rest ?? ''}`);
      return kind === '-' ? (rest ?? '') : '';
    },
  );
}

/** Whether `kubectl` runs here: CI renders the kustomize base with it when it does. */
export function hasKubectl(): boolean {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

export interface Healthcheck {
  test: unknown;
}

export interface Service {
  build?: unknown;
  image?: string;
  ports?: string[];
  expose?: unknown;
  read_only?: boolean;
  stop_grace_period?: string;
  tmpfs?: string[];
  cap_drop?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: Healthcheck;
  networks?: string[];
  volumes?: string[];
}

export interface Compose {
  services: Record<string, Service>;
  networks: Record<string, { internal?: boolean }>;
}

export function parseCompose(): Compose {
  // Compose reads YAML 1.1 merge keys (`<<: *app`).
  const document = parseDocument(read('compose.yaml'), { merge: true });
  if (document.errors.length > 0 || document.warnings.length > 0) {
    throw new Error([...document.errors, ...document.warnings].join('\n'));
  }
  return document.toJS() as Compose;
}

/** The app's settings that compose fixes for its own stack instead of taking them from .env. */
export function composeFixed(): string[] {
  const environment = parseCompose().services.app1?.environment ?? {};
  return Object.entries(environment)
    .filter(([name, value]) => !value.startsWith(`\${${name}`))
    .map(([name]) => name);
}
