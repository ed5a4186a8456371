import { z } from 'zod';
import type { SdaRegistrySettings } from '#app/config.ts';
import { ServiceUnavailableError } from '#app/errors.ts';
import type { SdaRegistry } from './sda-registry.ts';

/** The registry's answer under our contract; anything else counts as the registry failing. */
const registryAnswer = z.object({ result: z.enum(['confirmed', 'refused']) });

/**
 * Production: `POST <SDA_URL>` with a JSON identity and `Authorization: Bearer <SDA_API_KEY>`,
 * answered by `{"result":"confirmed"|"refused"}` (the contract is ours: the registry's own
 * API is not public). A failure, a timeout or another answer is a ServiceUnavailableError.
 */
export function createHttpSdaRegistry(settings: SdaRegistrySettings): SdaRegistry {
  return {
    async check(identity) {
      let body: unknown;
      try {
        const response = await fetch(settings.url, {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            authorization: `Bearer ${settings.apiKey}`,
          },
          body: JSON.stringify({
            personal_number: identity.personalNumber,
            first_name: identity.name,
            last_name: identity.surname,
            document_number: identity.documentNumber,
          }),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
        if (!response.ok) throw new Error(`the registry answered HTTP ${response.status}`);
        body = await response.json();
      } catch (error) {
        throw new ServiceUnavailableError('sda', { cause: error });
      }
      const answer = registryAnswer.safeParse(body);
      if (!answer.success) {
        throw new ServiceUnavailableError('sda', {
          cause: new Error('the registry answered in an unknown shape'),
        });
      }
      return answer.data.result;
    },
  };
}
