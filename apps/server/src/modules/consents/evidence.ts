import type { FastifyRequest } from 'fastify';
import type { ConsentEvidence } from './repository.ts';

/** What the consent ledger keeps of the request that agreed. */
export function evidenceOf(request: FastifyRequest, agreedAt: Date): ConsentEvidence {
  return {
    agreedAt,
    ip: request.ip,
    userAgent: (request.headers['user-agent'] ?? '').slice(0, 512),
  };
}
