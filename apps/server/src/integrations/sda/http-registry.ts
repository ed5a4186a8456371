import { z } from 'zod';
import type { SdaRegistrySettings } from '#app/config/services.ts';
import { postToProvider } from '#app/integrations/provider-http.ts';
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
      const answer = await postToProvider(
        'sda',
        settings,
        {
          personal_number: identity.personalNumber,
          first_name: identity.name,
          last_name: identity.surname,
          document_number: identity.documentNumber,
        },
        registryAnswer,
      );
      return answer.result;
    },
  };
}
