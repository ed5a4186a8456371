import type { FastifyInstance } from 'fastify';

type Purpose = 'registration' | 'restore_password';

/** The code in the latest text the sandbox sent to `phone`. */
export async function lastCodeSentTo(app: FastifyInstance, phone: string): Promise<string> {
  const response = await app.inject({ url: `/api/dev/sms-outbox?phone=${phone}` });
  const { messages } = response.json<{ messages: { text: string }[] }>();
  const code = /\b(\d{4})\b/.exec(messages[0]?.text ?? '')?.[1];
  if (code === undefined) throw new Error(`no code was texted to ${phone}`);
  return code;
}

export function sendCode(
  app: FastifyInstance,
  phone: string,
  purpose: Purpose = 'registration',
  remoteAddress = '127.0.0.1',
) {
  return app.inject({
    method: 'POST',
    url: '/api/code-sending',
    payload: { phone, purpose },
    remoteAddress,
  });
}

/** `POST /api/code-checking` as the spec sends it, `{phone, code}`, or narrowed to `purpose`. */
export function checkCode(app: FastifyInstance, phone: string, code: string, purpose?: Purpose) {
  return app.inject({
    method: 'POST',
    url: '/api/code-checking',
    payload: { phone, code, ...(purpose && { purpose }) },
  });
}

/** Texts a code for `purpose` to `phone` and confirms it with the spec's `{phone, code}`. */
export async function confirmPhone(
  app: FastifyInstance,
  phone: string,
  purpose: Purpose = 'registration',
): Promise<void> {
  const sent = await sendCode(app, phone, purpose);
  if (sent.statusCode !== 200) throw new Error(`sending a code failed: ${sent.body}`);
  const checked = await checkCode(app, phone, await lastCodeSentTo(app, phone));
  if (checked.statusCode !== 200) throw new Error(`confirming the code failed: ${checked.body}`);
}

/** A wrong code for a right one: the same digits shifted by one. */
export function wrongCodeFor(code: string): string {
  return String((Number(code) + 1) % 10_000).padStart(4, '0');
}
