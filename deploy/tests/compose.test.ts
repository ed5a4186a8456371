import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/server/src/config.ts';
import {
  composeFixed,
  filled,
  inTableOrder,
  interpolate,
  missingAhead,
  mustFill,
  parseCompose,
  parseEnvFile,
  read,
  readmeNames,
  root,
  type Service,
} from './support.ts';

const compose = parseCompose();
const services = compose.services;
const apps = [services.app1, services.app2];
const app = services.app1 as Service;
const appEnvironment = app.environment ?? {};

/** The app's environment with deploy/env.example's values, its empty ones filled. */
function appEnvironmentFromExample(): Record<string, string> {
  const dotenv = filled(parseEnvFile(read('deploy/env.example')), mustFill);
  return Object.fromEntries(
    Object.entries(appEnvironment).map(([name, value]) => [name, interpolate(value, dotenv)]),
  );
}

describe('compose.yaml', () => {
  it('parses, with the app twice, PostgreSQL, Redis, MinIO, its bucket job and Caddy', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['app1', 'app2', 'bucket-init', 'caddy', 'minio', 'postgres', 'redis'].sort(),
    );
  });

  it('runs both instances from one build of the Dockerfile', () => {
    expect(app.build).toEqual({ context: '.', dockerfile: 'Dockerfile' });
    expect(services.app2?.build).toEqual(app.build);
    expect(services.app2?.image).toBe(app.image);
    expect(services.app2).toEqual(app);
  });

  it('locks the instances down and publishes no port of theirs', () => {
    for (const instance of apps) {
      expect(instance?.read_only).toBe(true);
      expect(instance?.tmpfs).toContain('/tmp');
      expect(instance?.cap_drop).toEqual(['ALL']);
      expect(instance?.ports).toBeUndefined();
    }
    const publishing = Object.entries(services)
      .filter(([, service]) => service.ports !== undefined)
      .map(([name]) => name);
    expect(publishing).toEqual(['caddy']);
  });

  it('gives a stopping instance longer than its drain and the 30 s it allows itself', () => {
    const grace = /^(\d+)s$/.exec(app.stop_grace_period ?? '')?.[1];
    const drainMs = loadConfig(appEnvironmentFromExample()).shutdownDrainMs;
    const delay = /delay:\s*config\.shutdownDrainMs\s*\+\s*([\d_]+)/.exec(
      read('apps/server/src/main.ts'),
    )?.[1];
    expect(Number(grace) * 1000).toBeGreaterThan(drainMs + Number(delay?.replaceAll('_', '')));
  });

  it("gives the app exactly the README table's variables", () => {
    const names = Object.keys(appEnvironment);
    expect(inTableOrder(names)).toEqual(inTableOrder(readmeNames()));
    expect(missingAhead(names)).toEqual([]);
    // Every value is text, so that YAML never turns one into a number or a boolean.
    for (const value of Object.values(appEnvironment)) expect(typeof value).toBe('string');
  });

  it('points the app at its own services, and the rest of its settings at .env', () => {
    expect(composeFixed().sort()).toEqual(
      [
        'PORT',
        'METRICS_PORT',
        'HOST',
        'DATABASE_URL',
        'REDIS_URL',
        'TRUST_PROXY',
        'STORAGE_DRIVER',
        'S3_ENDPOINT',
        'S3_BUCKET',
      ]
        .filter((name) => name in appEnvironment)
        .sort(),
    );
    const env = appEnvironmentFromExample();
    expect(new URL(env.DATABASE_URL ?? '').host).toBe('postgres:5432');
    expect(new URL(env.REDIS_URL ?? '').host).toBe('redis:6379');
    expect(new URL(env.S3_ENDPOINT ?? '').host).toBe('minio:9000');
    expect(env.S3_BUCKET).toBe(services['bucket-init']?.environment?.BUCKET);
  });

  it('starts production on PostgreSQL, Redis and the bucket once .env is filled in', () => {
    const config = loadConfig(appEnvironmentFromExample());
    expect(config.services.mode).toBe('production');
    expect(config.database.driver).toBe('postgres');
    expect(config.redisUrl).toBe('redis://redis:6379');
    expect(config.storage).toMatchObject({ driver: 's3', endpoint: 'http://minio:9000' });
    expect(config.host).toBe('0.0.0.0');
    // The bucket job makes the app's key from the same two variables the app reads.
    const job = services['bucket-init']?.environment ?? {};
    expect(job.APP_ACCESS_KEY).toBe('${S3_ACCESS_KEY_ID:?set S3_ACCESS_KEY_ID in .env}');
    expect(job.APP_SECRET_KEY).toBe('${S3_SECRET_ACCESS_KEY:?set S3_SECRET_ACCESS_KEY in .env}');
  });

  it('starts the app only once its services are healthy and the bucket is made', () => {
    expect(app.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      minio: { condition: 'service_healthy' },
      'bucket-init': { condition: 'service_completed_successfully' },
    });
  });

  it('checks the health of PostgreSQL, Redis and MinIO with plain command lists', () => {
    for (const name of ['postgres', 'redis', 'minio']) {
      const test = services[name]?.healthcheck?.test;
      expect(Array.isArray(test), name).toBe(true);
      expect((test as unknown[]).every((part) => typeof part === 'string')).toBe(true);
      expect(['CMD', 'CMD-SHELL']).toContain((test as string[])[0]);
    }
    // Every healthcheck anywhere is a string or a list of strings, never a parsed mapping.
    for (const service of Object.values(services)) {
      const test = service.healthcheck?.test;
      if (test === undefined) continue;
      const parts: unknown[] = Array.isArray(test) ? test : [test];
      expect(parts.every((part) => typeof part === 'string')).toBe(true);
    }
  });

  it('runs PostgreSQL 16, Redis 7 and a pinned MinIO, on an internal network', () => {
    expect(services.postgres?.image).toMatch(/^postgres:16(\b|$)/);
    expect(services.redis?.image).toMatch(/^redis:7(\b|$)/);
    expect(services.minio?.image).toBe('quay.io/minio/minio:RELEASE.2025-09-07T16-13-09Z');
    expect(services['bucket-init']?.image).toMatch(/^quay\.io\/minio\/mc:RELEASE\./);
    expect(compose.networks.backend?.internal).toBe(true);
    for (const name of ['postgres', 'redis', 'minio']) {
      expect(services[name]?.networks).toEqual(['backend']);
    }
  });

  it('makes the bucket versioned, and a key for the app limited to that bucket', () => {
    const volume = services['bucket-init']?.volumes?.[0] ?? '';
    const script = volume.split(':')[0] ?? '';
    expect(existsSync(resolve(root, script))).toBe(true);
    const text = read(script);
    expect(text).toMatch(/mc mb --ignore-existing "store\/\$BUCKET"/);
    expect(text).toMatch(/mc version enable "store\/\$BUCKET"/);
    expect(text).toMatch(/mc admin user add store "\$APP_ACCESS_KEY" "\$APP_SECRET_KEY"/);
    expect(text).toMatch(/mc admin policy attach store sesxi-app --user "\$APP_ACCESS_KEY"/);
    const resources = [...text.matchAll(/arn:aws:s3:::([^"]*)/g)].map(([, resource]) => resource);
    expect(resources.sort()).toEqual(['$BUCKET', '$BUCKET/*']);
  });

  it('balances both instances behind Caddy with TLS, checking each on /readyz', () => {
    const caddy = services.caddy as Service;
    const mount = caddy.volumes?.find((volume) => volume.endsWith(':/etc/caddy/Caddyfile:ro'));
    const file = mount?.split(':')[0] ?? '';
    expect(file).toBe('./deploy/compose/Caddyfile');
    const caddyfile = read(file);
    expect(caddyfile).toMatch(/^\s*tls internal$/m);
    const port = appEnvironment.PORT;
    const upstreams = /reverse_proxy\s+([^{]+)\{/.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    expect(upstreams).toEqual([`app1:${port}`, `app2:${port}`]);
    expect(caddyfile).toMatch(/^\s*health_uri \/readyz$/m);
    expect(caddy.ports).toEqual(['${HTTPS_PORT:-443}:443']);
    expect(caddy.depends_on).toEqual({
      app1: { condition: 'service_healthy' },
      app2: { condition: 'service_healthy' },
    });
  });
});

/** Whether Caddy is installed here: then it reads the Caddyfile itself. */
function hasCaddy(): boolean {
  try {
    execFileSync('caddy', ['version'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

/** Every object in `value` (depth first) that has `key` set to `wanted`. */
function findAll(value: unknown, key: string, wanted: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap((item) => findAll(item, key, wanted));
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const own = record[key] === wanted ? [record] : [];
  return [...own, ...Object.values(record).flatMap((item) => findAll(item, key, wanted))];
}

describe('deploy/compose/Caddyfile', () => {
  it.skipIf(!hasCaddy())(
    'is read by caddy itself: TLS from its CA, both instances, /readyz',
    () => {
      const adapted = JSON.parse(
        execFileSync(
          'caddy',
          ['adapt', '--config', 'deploy/compose/Caddyfile', '--adapter', 'caddyfile'],
          {
            cwd: root,
            encoding: 'utf8',
            env: { ...process.env, PUBLIC_HOST: 'loans.example.ge' },
            stdio: ['ignore', 'pipe', 'ignore'],
          },
        ),
      ) as unknown;
      const [proxy, ...others] = findAll(adapted, 'handler', 'reverse_proxy');
      expect(others).toEqual([]);
      const port = appEnvironment.PORT ?? '';
      expect(proxy?.upstreams).toEqual([{ dial: `app1:${port}` }, { dial: `app2:${port}` }]);
      expect(proxy?.health_checks).toMatchObject({ active: { uri: '/readyz' } });
      expect(findAll(adapted, 'module', 'internal')).toHaveLength(1);
      expect(JSON.stringify(adapted)).toContain('"host":["loans.example.ge"]');
    },
  );
});
