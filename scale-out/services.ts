import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdir, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import S3rver from 's3rver';
import { freePort } from '../e2e/support/product.ts';

/**
 * The outside pieces of a scaled-out deployment, each on a free loopback port in `workDir`:
 * a PostgreSQL cluster of its own (Debian's initdb and pg_ctl, so restarting it touches
 * nothing else), a Redis, an S3-compatible store (s3rver) and HAProxy.
 */

const execFileAsync = promisify(execFile);
const asRoot = process.getuid?.() === 0;

/** A PostgreSQL program: on PATH, or in the newest of Debian's /usr/lib/postgresql/<n>/bin. */
function postgresProgram(name: string): string {
  const onPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath;
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const candidate = `/usr/lib/postgresql/${version}/bin/${name}`;
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`${name} not found: install Debian's postgresql package`);
}

/**
 * Runs a PostgreSQL program to its end, without blocking: a load keeps running meanwhile.
 * PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user.
 */
async function runPostgresProgram(name: string, args: string[]): Promise<void> {
  const [command, commandArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', postgresProgram(name), ...args]]
    : [postgresProgram(name), args];
  try {
    await execFileAsync(command, commandArgs);
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${name} ${args.join(' ')} failed:\n${stdout}${stderr}`, { cause: error });
  }
}

export interface ThrowawayPostgres {
  url: string;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPostgres(workDir: string): Promise<ThrowawayPostgres> {
  const dataDir = path.join(workDir, 'postgres');
  await mkdir(dataDir, { mode: 0o700 });
  if (asRoot) {
    const postgresUser = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const postgresGroup = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    const [uid, gid] = [Number(postgresUser.stdout), Number(postgresGroup.stdout)];
    await chown(workDir, uid, gid);
    await chown(dataDir, uid, gid);
  }
  const port = await freePort();
  await runPostgresProgram('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const options = `-p ${port} -k ${workDir} -c listen_addresses=127.0.0.1 -c max_connections=100`;
  const pgCtl = (action: string, ...more: string[]) =>
    runPostgresProgram('pg_ctl', [
      action,
      '-D',
      dataDir,
      '-w',
      '-o',
      options,
      '-l',
      path.join(workDir, 'postgres.log'),
      ...more,
    ]);
  await pgCtl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => pgCtl('restart', '-m', 'fast'),
    stop: () => pgCtl('stop', '-m', 'immediate'),
  };
}

/** Resolves once something accepts connections on the port. */
async function listening(port: number, child: ChildProcess, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${child.spawnfile} exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => {
        resolve(false);
      });
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listens on port ${port}`);
}

export interface Process {
  stop(): Promise<void>;
}

function stopper(child: ChildProcess): Process {
  return {
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function startRedis(): Promise<Process & { url: string }> {
  const port = await freePort();
  const redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  await listening(port, redis);
  return { url: `redis://127.0.0.1:${port}`, ...stopper(redis) };
}

export const s3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3(workDir: string, bucket: string) {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(workDir, 's3'),
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

/**
 * HAProxy in front of the instances: round robin, each taken out at its first failed `/readyz`
 * (checked every 300 ms) and back after two good ones. `http-server-close` opens a server
 * connection per request, so no request is ever sent on a connection a draining instance is
 * closing; only a failed connect is retried elsewhere, and that is safe for any method because
 * nothing was sent. Each answer names its instance in `X-Served-By`.
 */
export async function startHaproxy(
  workDir: string,
  port: number,
  backends: { name: string; port: number }[],
) {
  const config = [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  option http-server-close',
    '  option forwardfor',
    '  retries 3',
    '  retry-on conn-failure',
    '  option redispatch',
    'frontend public',
    `  bind 127.0.0.1:${port}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    '  default-server inter 300ms fall 1 rise 2',
    '  http-response set-header X-Served-By %s',
    ...backends.map(({ name, port: backend }) => `  server ${name} 127.0.0.1:${backend} check`),
    '',
  ].join('\n');
  const file = path.join(workDir, 'haproxy.cfg');
  await writeFile(file, config);
  const program = existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';
  const haproxy = spawn(program, ['-f', file, '-db'], { stdio: 'ignore' });
  await listening(port, haproxy);
  return { url: `http://127.0.0.1:${port}`, ...stopper(haproxy) };
}
