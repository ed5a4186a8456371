import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { isApiPath } from '#app/http/paths.ts';

/**
 * Strict browser policy for everything the server sends (security.md): scripts only from our
 * origin, no inline scripts, no eval, no plugins, no framing, no third-party origins (but the
 * video player of content, in a frame, after a tap).
 * `style-src` allows 'unsafe-inline' because Mantine sets `style` attributes on elements
 * (CSS variables, positions of floating menus); styles cannot run code, scripts stay strict.
 *
 * Helmet's middleware is built once, here: `@fastify/helmet` built it anew for every request
 * (its options parsed, the policy serialized), which cost more than the headers themselves.
 */
const securityHeaders: FastifyPluginCallback<{ production: boolean }> = (app, options, done) => {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The one outside origin: a content video's player, loaded only when a visitor taps play.
        frameSrc: ['https://www.youtube-nocookie.com'],
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

  app.addHook('onRequest', (request, reply, next) => {
    setHeaders(request.raw, reply.raw, () => {
      next();
    });
  });

  app.addHook('onSend', (request, reply, payload, next) => {
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    next(null, payload);
  });
  done();
};

export default fp(securityHeaders, { name: 'security-headers' });
