import type { z } from 'zod';
import { ServiceUnavailableError } from '#app/errors.ts';

export interface ProviderEndpoint {
  url: string;
  apiKey: string;
  timeoutMs: number;
}

/**
 * `POST` of a JSON body to a provider whose contract is ours (the SDA registry, the credit
 * bureau, the payout bank), with `Authorization: Bearer <apiKey>` and any `headers` more. A failure, a timeout, a non-2xx status or an
 * answer `answer` does not accept is a ServiceUnavailableError for `service`.
 */
export async function postToProvider<Answer extends z.ZodType>(
  service: string,
  endpoint: ProviderEndpoint,
  payload: unknown,
  answer: Answer,
  headers: Record<string, string> = {},
): Promise<z.output<Answer>> {
  let body: unknown;
  try {
    const response = await fetch(endpoint.url, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: `Bearer ${endpoint.apiKey}`,
        ...headers,
      },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(endpoint.timeoutMs),
    });
    if (!response.ok) throw new Error(`${service} answered HTTP ${response.status}`);
    body = await response.json();
  } catch (error) {
    throw new ServiceUnavailableError(service, { cause: error });
  }
  const parsed = answer.safeParse(body);
  if (!parsed.success) {
    throw new ServiceUnavailableError(service, {
      cause: new Error(`${service} answered in an unknown shape`),
    });
  }
  return parsed.data;
}
