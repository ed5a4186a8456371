import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { success } from './envelope.ts';
import { mobilePhone, timestamp } from './formats.ts';
import { access } from './access.ts';

export const smsOutboxMessage = z.object({
  phone: z.string(),
  text: z.string(),
  created_at: timestamp,
});

/**
 * `GET /api/dev/sms-outbox?phone=5XXXXXXXX` (sandbox mode only): the texts the product
 * "sent" to that phone, newest first.
 */
export const devSmsOutbox = defineEndpoint({
  method: 'GET',
  path: '/api/dev/sms-outbox',
  access: access.public,
  query: z.object({ phone: mobilePhone }),
  response: success({ messages: z.array(smsOutboxMessage) }),
});

export type SmsOutboxMessage = z.output<typeof smsOutboxMessage>;
