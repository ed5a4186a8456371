import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { httpError, TooManyRequestsError } from '#app/errors.ts';
import { isApiPath } from '#app/http/paths.ts';

interface RateLimitOptions {
  perMinute: number;
  /** Shared counters for several instances; each instance counts alone without it. */
  redisUrl: string | undefined;
}

/**
 * A generous per-address ceiling on every API call, counted in the first hook of every request:
 * before a route's own gate or any database work, so a flood of bogus tokens is limited like
 * anything else. Modules add stricter limits to their routes (`config.rateLimit`), counted
 * after their gates. Both answer 429 in the envelope, with Retry-After.
 */
const apiRateLimit: FastifyPluginAsync<RateLimitOptions> = async (app, options) => {
  const redis =
    options.redisUrl === undefined
      ? undefined
      : new Redis(options.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  if (redis) {
    // ioredis retries every few seconds while Redis is down: log the change, not every retry.
    let reachable = true;
    redis.on('error', (error) => {
      if (!reachable) return;
      reachable = false;
      app.log.warn({ err: error }, 'rate-limit store unreachable: requests are not counted');
    });
    redis.on('ready', () => {
      if (reachable) return;
      reachable = true;
      app.log.info('rate-limit store reachable again');
    });
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  }
  await app.register(rateLimit, {
    // The ceiling below is our own hook; the plugin's per-route hooks serve `config.rateLimit`.
    global: false,
    max: options.perMinute,
    timeWindow: 60_000,
    redis,
    nameSpace: 'sesxi:rate-limit:',
    // An unreachable Redis must not take the API down with it.
    skipOnError: true,
    allowList: (request) => !isApiPath(request.url),
    onExceeded: (request) => {
      request.log.warn({ event: 'rate_limit_hit' }, 'rate limit hit');
    },
    errorResponseBuilder: () => httpError(429, 'errors.tooManyRequests'),
  });

  const perAddress = app.createRateLimit();
  app.addHook('onRequest', async (request) => {
    const counted = await perAddress(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    request.log.warn({ event: 'rate_limit_hit', limit: 'api_per_address' }, 'rate limit hit');
    throw new TooManyRequestsError(counted.ttlInSeconds);
  });
};

export default fp(apiRateLimit, { name: 'rate-limit' });

/**
 * A route's own limit a minute, counted per signed-in user (per address without a session),
 * for a call a screen makes as its user types. The route's gate runs first (onRequest), so the
 * count is the signed-in user's. Goes in the route's `config`.
 */
export function perAccountRateLimit(name: string, perMinute: number) {
  return {
    rateLimit: {
      max: perMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) =>
        request.account
          ? `${name}:user:${String(request.account.user.id)}`
          : `${name}:ip:${request.ip}`,
    },
  };
}
