import type { FastifyBaseLogger } from 'fastify';
import type { SmsOutbox } from './outbox.ts';
import { requireMobileNumber, type SmsSender } from './sms-sender.ts';

/** Sandbox mode: texts go to the outbox table (`GET /api/dev/sms-outbox`) and to the log. */
export function createSandboxSmsSender(outbox: SmsOutbox, log: FastifyBaseLogger): SmsSender {
  return {
    async send(phone, text) {
      requireMobileNumber(phone);
      await outbox.add(phone, text);
      log.info({ event: 'sms_sandbox', phone, text }, 'SMS written to the sandbox outbox');
    },
  };
}
