import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import { contentVideoOrigin, shellVisitorScript } from '@sesxi/contract';
import helmet from 'helmet';
import { isApiPath } from '#app/http/paths.ts';

/** The CSP source that allows the signed-in shells' inline script, and only it, by its hash. */
export const shellScriptSource = `'sha256-${createHash('sha256').update(shellVisitorScript).digest('base64')}'`;

/**
 * Strict browser policy for everything the server sends (security.md): scripts only from our
 * origin, no inline scripts but the signed-in shells' one (allowed by its hash), no eval, no
 * plugins, no framing, no third-party origins (but the video player of content, in a frame,
 * after a tap).
 * `style-src` allows 'unsafe-inline' because Mantine sets `style` attributes on elements
 * (CSS variables, positions of floating menus); styles cannot run code, scripts stay strict.
 *
 * The headers are the same for every answer, so Helmet writes them once, at start-up, and
 * each request gets the finished set (`@fastify/helmet` rebuilt the policy for every request,
 * and even a reused middleware set each header on the raw response, checked one by one).
 */
const securityHeaders: FastifyPluginCallback<{ production: boolean }> = (app, options, done) => {
  const helmetMiddleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", shellScriptSource],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The one outside origin: a content video's player, loaded only when a visitor taps play.
        frameSrc: [contentVideoOrigin],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only where the site is served over HTTPS for good: a production deployment.
    strictTransportSecurity: options.production
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });

  const headers = headersWrittenBy(helmetMiddleware);
  app.addHook('onRequest', (_request, reply, next) => {
    reply.headers(headers);
    next();
  });

  // API answers are never stored, unless a route says otherwise (a published content image).
  app.addHook('onSend', (request, reply, payload, next) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    next(null, payload);
  });
  done();
};

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

/** The headers a middleware sets on a response, by lower-case name. */
function headersWrittenBy(middleware: Middleware): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  middleware(request, response, () => {});
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : String(value),
    ]),
  );
}

export default fp(securityHeaders, { name: 'security-headers' });
