import { z } from 'zod';
import type { SmsGatewaySettings } from '#app/config/services.ts';
import { ServiceUnavailableError } from '#app/errors.ts';
import { requireMobileNumber, type SmsSender } from './sms-sender.ts';

/** smsoffice.ge answers `{Success, Message, Output, ErrorCode}`; ErrorCode 0 means accepted. */
const gatewayAnswer = z.object({
  Success: z.boolean(),
  Message: z.string().nullish(),
  ErrorCode: z.number(),
});

/** Production SMS through smsoffice.ge. Any failure or a timeout is a ServiceUnavailableError. */
export function createSmsOfficeSender(
  settings: SmsGatewaySettings,
  { timeoutMs = 10_000 }: { timeoutMs?: number } = {},
): SmsSender {
  return {
    async send(phone, text) {
      requireMobileNumber(phone);
      let body: unknown;
      try {
        const response = await fetch(settings.apiUrl, {
          method: 'POST',
          headers: { accept: 'application/json' },
          // A form body keeps the key out of URLs, which proxies log.
          body: new URLSearchParams({
            key: settings.apiKey,
            destination: `995${phone}`,
            sender: settings.sender,
            content: text,
            urgent: 'true',
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new Error(`the gateway answered HTTP ${response.status}`);
        body = await response.json();
      } catch (error) {
        throw new ServiceUnavailableError('sms', { cause: error });
      }
      const answer = gatewayAnswer.safeParse(body);
      if (!answer.success) {
        throw new ServiceUnavailableError('sms', {
          cause: new Error('the gateway answered in an unknown shape'),
        });
      }
      if (!answer.data.Success || answer.data.ErrorCode !== 0) {
        throw new ServiceUnavailableError('sms', {
          cause: new Error(
            `the gateway refused the message: ErrorCode ${answer.data.ErrorCode} ${answer.data.Message ?? ''}`,
          ),
        });
      }
    },
  };
}
