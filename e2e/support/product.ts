import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface RunningProduct {
  url: string;
  /** The server's process id (the benchmarks read its CPU time). */
  pid: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** Waits until the server at `url` answers its `/readyz`. */
export async function waitUntilReady(url: string, server: ChildProcess, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not become ready at ${url}`);
}

/**
 * Starts the product as `npm start` does (sandbox services, embedded PGlite), on a free
 * port and in a fresh data folder, so every run begins from an empty database. `env` adds to
 * its environment (a benchmark's DATABASE_URL, say).
 */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sesxi-e2e-'));
  const logs: string[] = [];
  const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      SERVICE_MODE: 'sandbox',
      LOG_LEVEL: 'warn',
      // The journeys play dozens of customers from one address in a few minutes; the
      // per-address caps themselves are tested in the server suite.
      RATE_LIMIT_PER_MINUTE: '100000',
      SMS_IP_HOURLY_LIMIT: '100000',
      // Stopping between journeys needs no time for a load balancer to notice.
      SHUTDOWN_DRAIN_MS: '0',
      // No metrics listener: parallel runs would fight over its one port.
      METRICS_PORT: '0',
      // The journeys run at any hour: reminders are not held back for the night.
      SMS_QUIET_HOURS: 'none',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [server.stdout, server.stderr]) {
    stream.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  }
  try {
    await waitUntilReady(url, server);
  } catch (error) {
    server.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${logs.join('')}`, { cause: error });
  }
  return {
    url,
    pid: server.pid ?? Number.NaN,
    async stop() {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
