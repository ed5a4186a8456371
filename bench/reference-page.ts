import { createServer } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { build } from 'vite';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * The pages measured beside the product's first visit, each a folder of `bench/` holding a
 * Vite app: `bare-react` (React DOM alone) and `stack-floor` (the libraries of the product's
 * first load), built for production and served gzipped from loopback, as the product serves
 * its pages.
 */
export async function startReferencePage(
  folder: 'bare-react' | 'stack-floor',
): Promise<{ url: string; stop(): Promise<void> }> {
  const outDir = await mkdtemp(path.join(tmpdir(), `sesxi-${folder}-`));
  await build({
    root: path.join(import.meta.dirname, folder),
    configFile: false,
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  });
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = path.join(outDir, pathname === '/' ? 'index.html' : path.normalize(pathname));
    void (async () => {
      try {
        if (!file.startsWith(outDir)) throw new Error('outside the build');
        const body = await promisify(gzip)(await readFile(file));
        response.writeHead(200, {
          'content-type': types[path.extname(file)] ?? 'application/octet-stream',
          'content-encoding': 'gzip',
        });
        response.end(body);
      } catch {
        response.writeHead(404).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
