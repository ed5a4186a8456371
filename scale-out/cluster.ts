import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitUntilReady } from '../e2e/support/product.ts';
import {
  s3Credentials,
  startHaproxy,
  startPostgres,
  startRedis,
  startS3,
  type ThrowawayPostgres,
} from './services.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

export interface Instance {
  name: string;
  url: string;
  /** SIGTERM, and resolves once the process has drained and exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port and resolves once it reports ready. */
  start(): Promise<void>;
  logs(): string;
}

export interface Cluster {
  /** The load balancer: what customers reach. */
  url: string;
  instances: Instance[];
  postgres: ThrowawayPostgres;
  stop(): Promise<void>;
}

/**
 * Two instances of the product on one PostgreSQL, one Redis and one S3 bucket, behind HAProxy:
 * what a lender runs when one machine is not enough, on loopback ports. The instances share
 * every secret the configuration names (here only `CODE_HASH_SECRET`); everything else they
 * share lives in PostgreSQL, Redis or the bucket.
 */
export async function startCluster(env: Record<string, string> = {}): Promise<Cluster> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'sesxi-scale-out-'));
  const postgres = await startPostgres(workDir);
  const redis = await startRedis();
  const bucket = 'sesxi-statements';
  const s3 = await startS3(workDir, bucket);
  const balancerPort = await freePort();
  const url = `http://127.0.0.1:${balancerPort}`;
  const shared = {
    ...process.env,
    APP_URL: url,
    HOST: '127.0.0.1',
    SERVICE_MODE: 'sandbox',
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: s3Credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3Credentials.secretAccessKey,
    CODE_HASH_SECRET: randomBytes(32).toString('base64url'),
    TRUST_PROXY: '127.0.0.1',
    METRICS_PORT: '0',
    SHUTDOWN_DRAIN_MS: '2000',
    LOG_LEVEL: 'warn',
    ...env,
  };
  const instances = await Promise.all(
    ['a', 'b'].map(async (name) =>
      instance(name, await freePort(), { ...shared, DATA_DIR: path.join(workDir, name) }),
    ),
  );
  // One after the other: the second waits on the first's migrations (advisory lock) anyway.
  for (const each of instances) await each.start();
  const haproxy = await startHaproxy(
    workDir,
    balancerPort,
    instances.map(({ name, url: instanceUrl }) => ({
      name,
      port: Number(new URL(instanceUrl).port),
    })),
  );
  await waitForBalancer(url);

  return {
    url,
    instances,
    postgres,
    async stop() {
      await haproxy.stop();
      await Promise.all(instances.map((each) => each.stop()));
      await redis.stop();
      await s3.stop();
      await postgres.stop();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

function instance(name: string, port: number, env: NodeJS.ProcessEnv): Instance {
  const url = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  const logs: string[] = [];
  return {
    name,
    url,
    logs: () => logs.join(''),
    async start() {
      const started = spawn(process.execPath, ['apps/server/src/main.ts'], {
        cwd: repoRoot,
        env: { ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      for (const stream of [started.stdout, started.stderr]) {
        stream.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
      }
      server = started;
      try {
        await waitUntilReady(url, started);
      } catch (error) {
        started.kill('SIGKILL');
        throw new Error(`instance ${name}: ${(error as Error).message}\n${logs.join('')}`, {
          cause: error,
        });
      }
    },
    async stop() {
      const running = server;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    },
  };
}

async function waitForBalancer(url: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answered = await fetch(`${url}/readyz`).catch(() => undefined);
    if (answered?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the balancer at ${url} found no ready instance`);
}
