import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { shellVisitorScript } from '@sesxi/contract';
import securityHeaders from './security-headers.ts';

/** The signed-in shells' inline script (its text from the contract), and no other. */
const shellScriptHash = createHash('sha256').update(shellVisitorScript).digest('base64');

/** Every directive, in order: a new one, a widened one or a dropped one fails here. */
const policy = [
  "default-src 'self'",
  `script-src 'self' 'sha256-${shellScriptHash}'`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  // The content video's player, and nothing else (the sanitiser allows only its iframes).
  'frame-src https://www.youtube-nocookie.com',
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join(';');

async function appWith(production: boolean): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(securityHeaders, { production });
  app.get('/api/plain', () => ({ status: 'success' }));
  app.get('/api/cached', (_request, reply) =>
    reply.header('cache-control', 'public, max-age=60').send({ status: 'success' }),
  );
  app.get('/page', () => 'page');
  return app;
}

let sandbox: FastifyInstance;
let production: FastifyInstance;

beforeAll(async () => {
  sandbox = await appWith(false);
  production = await appWith(true);
});

afterAll(async () => {
  await sandbox.close();
  await production.close();
});

describe('security headers', () => {
  it('send the whole Content-Security-Policy, every directive pinned, on pages and API answers', async () => {
    for (const url of ['/page', '/api/plain', '/api/nowhere']) {
      const response = await sandbox.inject({ url });
      expect(response.headers['content-security-policy']).toBe(policy);
    }
  });

  it('send nosniff, the referrer policy and no framing; HSTS only in production', async () => {
    const response = await sandbox.inject({ url: '/page' });
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect((await production.inject({ url: '/page' })).headers).toMatchObject({
      'content-security-policy': policy,
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
  });

  it('mark API answers no-store unless the route says otherwise, and leave pages alone', async () => {
    expect((await sandbox.inject({ url: '/api/plain' })).headers['cache-control']).toBe('no-store');
    expect((await sandbox.inject({ url: '/api/nowhere' })).headers['cache-control']).toBe(
      'no-store',
    );
    expect((await sandbox.inject({ url: '/api/cached' })).headers['cache-control']).toBe(
      'public, max-age=60',
    );
    expect((await sandbox.inject({ url: '/page' })).headers['cache-control']).toBeUndefined();
  });
});
