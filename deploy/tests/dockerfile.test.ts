import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/server/src/config.ts';
import { migrationsFolder } from '../../apps/server/src/db/database.ts';
import { filled, read, readmeNames, requiredInProduction, root, tableDefault } from './support.ts';

interface Instruction {
  stage: number;
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined, each with the stage it is in. */
function instructions(): Instruction[] {
  const lines = read('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  let stage = -1;
  return lines.map((line) => {
    const [keyword = '', ...rest] = line.split(/\s+/);
    if (keyword.toUpperCase() === 'FROM') stage += 1;
    return { stage, keyword: keyword.toUpperCase(), args: rest.join(' ') };
  });
}

const all = instructions();
const lastStage = Math.max(...all.map((instruction) => instruction.stage));
const runtime = all.filter((instruction) => instruction.stage === lastStage);
const of = (list: Instruction[], keyword: string) =>
  list.filter((instruction) => instruction.keyword === keyword);

/** An exec-form (JSON array) argument, or undefined for the shell form. */
function execForm(args: string): string[] | undefined {
  if (!args.startsWith('[')) return undefined;
  return JSON.parse(args) as string[];
}

/** `ENV A=1 B=2` (and the legacy `ENV A 1`) as a map, over the runtime stage. */
function imageEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of of(runtime, 'ENV')) {
    const pairs = [...args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S*)/g)];
    if (pairs.length === 0) {
      const [name = '', ...value] = args.split(/\s+/);
      env[name] = value.join(' ');
    }
    for (const [, name = '', value = ''] of pairs) env[name] = value.replace(/^"(.*)"$/, '$1');
  }
  return env;
}

/** The runtime stage's copies from the build stage: source paths, as absolute image paths. */
function runtimeCopies(): { from: string; sources: string[]; destination: string }[] {
  return of(runtime, 'COPY').map(({ args }) => {
    const words = args.split(/\s+/);
    const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length) ?? '';
    const paths = words.filter((word) => !word.startsWith('--'));
    return { from, sources: paths.slice(0, -1), destination: paths.at(-1) ?? '' };
  });
}

describe('Dockerfile', () => {
  it('builds in stages, every one on a Node 24 slim image', () => {
    const images = of(all, 'FROM').map(({ args }) => args.split(/\s+/)[0]);
    expect(images.length).toBeGreaterThanOrEqual(2);
    for (const image of images) expect(image).toMatch(/^node:24(\.\d+){0,2}-[a-z]+-slim$/);
  });

  it('installs, builds the SPA and drops the dev dependencies in the build stage', () => {
    const build = all.filter((instruction) => instruction.stage < lastStage);
    const commands = of(build, 'RUN')
      .map(({ args }) => args)
      .join(' && ');
    const steps = ['npm ci', 'npm run build', 'npm prune --omit=dev'].map((step) =>
      commands.indexOf(step),
    );
    expect(steps.every((index) => index >= 0)).toBe(true);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
    // npm ci needs the lock file, and engine settings come from .npmrc.
    expect(of(build, 'COPY').some(({ args }) => args.includes('package-lock.json'))).toBe(true);
  });

  it('runs the server itself as the unprivileged node user, not through npm', () => {
    const commands = of(runtime, 'CMD');
    expect(commands).toHaveLength(1);
    expect(execForm(commands[0]?.args ?? '')).toEqual(['node', 'apps/server/src/main.ts']);
    expect(of(runtime, 'ENTRYPOINT')).toHaveLength(0);
    // The same entry point as the server's own start script, run from its folder.
    const server = JSON.parse(read('apps/server/package.json')) as {
      scripts: Record<string, string>;
    };
    expect(server.scripts.start).toBe('node src/main.ts');
    const users = of(runtime, 'USER');
    expect(users.at(-1)?.args).toBe('node');
    expect(runtime.indexOf(users.at(-1) as Instruction)).toBeLessThan(
      runtime.indexOf(commands[0] as Instruction),
    );
  });

  it('copies only the runtime paths from the build stage, the migrations and SPA included', () => {
    const copies = runtimeCopies();
    const buildStage = (of(all, 'FROM')[0]?.args ?? '').split(/\s+AS\s+/i)[1];
    for (const copy of copies) expect([buildStage, '0']).toContain(copy.from);
    const copied = copies.flatMap(({ sources }) => sources).sort();
    expect(copied).toEqual(
      [
        '/app/package.json',
        '/app/package-lock.json',
        '/app/node_modules',
        '/app/packages/contract/package.json',
        '/app/packages/contract/src',
        '/app/apps/server/package.json',
        '/app/apps/server/src',
        '/app/apps/server/drizzle',
        '/app/apps/web/package.json',
        '/app/apps/web/dist',
      ].sort(),
    );
    // Where the server looks for them, relative to its working directory /app.
    expect(of(runtime, 'WORKDIR').at(-1)?.args).toBe('/app');
    expect(migrationsFolder).toBe(resolve(root, 'apps/server/drizzle'));
    expect(existsSync(resolve(migrationsFolder, 'meta/_journal.json'))).toBe(true);
    expect(loadConfig({}).webDistDir).toBe(resolve(root, 'apps/web/dist'));
  });

  it('needs no node_modules of a workspace of its own after pruning (it copies only the root one)', () => {
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    // Dev-only ones are pruned; any other would have to be copied into the image too.
    const nested = Object.entries(lock.packages)
      .filter(
        ([path, entry]) =>
          /^(apps\/server|packages\/contract)\/node_modules\//.test(path) && !entry.dev,
      )
      .map(([path]) => path);
    expect(nested).toEqual([]);
  });

  it('sets only variables of the README table (and NODE_ENV), all of them valid', () => {
    const env = imageEnvironment();
    const allowed = new Set([...readmeNames(), 'NODE_ENV']);
    expect(Object.keys(env).filter((name) => !allowed.has(name))).toEqual([]);
    expect(env.NODE_ENV).toBe('production');
    // The README: `0.0.0.0` in a container.
    expect(env.HOST).toBe('0.0.0.0');
    const required = Object.fromEntries(requiredInProduction().map((name) => [name, '']));
    const bucket = {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: '',
      S3_ACCESS_KEY_ID: '',
      S3_SECRET_ACCESS_KEY: '',
    };
    const config = loadConfig(filled({ ...required, ...bucket, ...env }));
    expect(config.host).toBe('0.0.0.0');
  });

  it('exposes the port the server listens on, and the metrics port when the README has it', () => {
    const exposed = of(runtime, 'EXPOSE').flatMap(({ args }) => args.split(/\s+/));
    const port = imageEnvironment().PORT ?? tableDefault('PORT');
    expect(exposed).toContain(port);
    if (readmeNames().includes('METRICS_PORT')) {
      expect(exposed).toContain(tableDefault('METRICS_PORT'));
    }
  });

  it("checks its health on /healthz with node's fetch, no curl or wget", async () => {
    const checks = of(runtime, 'HEALTHCHECK');
    expect(checks).toHaveLength(1);
    const command = execForm(checks[0]?.args.replace(/^.*?\bCMD\s+/, '') ?? '');
    expect(command?.slice(0, 2)).toEqual(['node', '-e']);
    const script = command?.[2] ?? '';
    expect(script).toMatch(/fetch\(/);
    expect(script).toContain('/healthz');
    expect(checks[0]?.args).not.toMatch(/curl|wget/);

    // The script itself, against a stand-in server: healthy on 200 only.
    let status = 200;
    const paths: string[] = [];
    const server = createServer((request, response) => {
      paths.push(request.url ?? '');
      response.writeHead(status).end('{"status":"success"}');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const port = String((server.address() as AddressInfo).port);
    const run = () =>
      promisify(execFile)(process.execPath, ['-e', script], { env: { PORT: port } }).then(
        () => 0,
        (error: unknown) => (error as { code?: number }).code ?? -1,
      );
    try {
      expect(await run()).toBe(0);
      status = 503;
      expect(await run()).toBe(1);
      expect(paths).toEqual(['/healthz', '/healthz']);
    } finally {
      server.close();
    }
  });
});

/** .dockerignore's rules (Docker's matcher: last match wins, `!` keeps, a folder covers its files). */
function dockerignored(): (path: string) => boolean {
  const rules = read('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const keep = line.startsWith('!');
      const pattern = (keep ? line.slice(1) : line).replace(/^\/+/, '').replace(/\/+$/, '');
      const source = pattern
        .split('/')
        .map((part) =>
          part === '**'
            ? '(?:.*)'
            : part
                .replace(/[.+^${}()|[\]\\]/g, '\\$&')
                .replaceAll('*', '[^/]*')
                .replaceAll('?', '[^/]'),
        )
        .join('/')
        .replaceAll('(?:.*)/', '(?:.*/)?');
      return { keep, regex: new RegExp(`^${source}$`) };
    });
  return (path) => {
    const prefixes = path.split('/').map((_, index, parts) => parts.slice(0, index + 1).join('/'));
    let ignored = false;
    for (const rule of rules) {
      if (prefixes.some((prefix) => rule.regex.test(prefix))) ignored = !rule.keep;
    }
    return ignored;
  };
}

describe('.dockerignore', () => {
  const ignored = dockerignored();

  it('keeps secrets, installed modules, tests, deployment files and git out of the build', () => {
    for (const path of [
      '.env',
      '.env.production',
      'node_modules/zod/package.json',
      'apps/web/node_modules/@vitejs/x.js',
      'apps/web/dist/index.html',
      'apps/server/src/app.test.ts',
      'apps/web/src/app/app.test.tsx',
      'apps/server/src/test/build-test-app.ts',
      'e2e/vitest.config.ts',
      'scale-out/start.ts',
      'deploy/kubernetes/kustomization.yaml',
      'compose.yaml',
      '.git/HEAD',
      'data/pglite/PG_VERSION',
    ]) {
      expect(ignored(path), path).toBe(true);
    }
  });

  it('keeps every file the build and the image need', () => {
    const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((path) => path !== '');
    const needed = tracked.filter(
      (path) =>
        ['package.json', 'package-lock.json', '.npmrc'].includes(path) ||
        (/^(packages\/contract|apps\/server|apps\/web)\//.test(path) &&
          !/\.test\.tsx?$|\/src\/test\/|vitest\.config\.ts$/.test(path)),
    );
    expect(needed).toContain('apps/server/drizzle/meta/_journal.json');
    expect(needed).toContain('apps/server/src/security/common-passwords.txt');
    expect(needed.filter((path) => ignored(path))).toEqual([]);
  });
});
