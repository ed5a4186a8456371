import { once } from 'node:events';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { AppOverrides } from '#app/app.ts';
import { buildTestApp } from './build-test-app.ts';

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * A test app listening on a free loopback port, with APP_URL pointing at it: single sign-on
 * needs one, since the relying party reaches the sandbox provider over HTTP as it would a real
 * provider.
 */
export async function listeningTestApp(
  env: Record<string, string> = {},
  overrides: Omit<AppOverrides, 'database'> = {},
): Promise<{ app: FastifyInstance; baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = await buildTestApp({ APP_URL: baseUrl, ...env }, overrides);
  try {
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await app.close();
    throw error;
  }
  return { app, baseUrl };
}
