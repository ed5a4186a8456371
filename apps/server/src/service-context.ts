import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '#app/clock.ts';
import type { Database } from '#app/db/database.ts';

/**
 * What a service is made with for one request: the database, the clock, and the request's log,
 * so its security events carry the request id.
 */
export interface ServiceContext {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
}

export function serviceContext(app: FastifyInstance, request: FastifyRequest): ServiceContext {
  return { db: app.database.db, clock: app.clock, log: request.log };
}
