import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { success } from './envelope.ts';
import { calendarDate, mobilePhone, timestamp } from './formats.ts';
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

const businessDate = success({ date: calendarDate });

/** `GET /api/dev/clock` (sandbox mode only): the business date in force, `YYYY-MM-DD`. */
export const devClockShow = defineEndpoint({
  method: 'GET',
  path: '/api/dev/clock',
  access: access.public,
  response: businessDate,
});

/**
 * `POST /api/dev/clock {"date":"YYYY-MM-DD"}` (sandbox mode only): moves the business date
 * forward, never back, for every instance at once; close of day runs for each day passed
 * before it answers.
 */
export const devClockMove = defineEndpoint({
  method: 'POST',
  path: '/api/dev/clock',
  access: access.public,
  body: z.object({ date: calendarDate }),
  response: businessDate,
});

export type SmsOutboxMessage = z.output<typeof smsOutboxMessage>;
