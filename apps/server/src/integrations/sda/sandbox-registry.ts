import { ServiceUnavailableError } from '#app/errors.ts';
import type { SdaRegistry } from './sda-registry.ts';

/** sandbox.md: a personal number ending in 91 is refused, in 92 finds the registry down. */
export const sandboxSdaRegistry: SdaRegistry = {
  check({ personalNumber }) {
    if (personalNumber.endsWith('92')) {
      return Promise.reject(
        new ServiceUnavailableError('sda', { cause: new Error('sandbox: registry unreachable') }),
      );
    }
    return Promise.resolve(personalNumber.endsWith('91') ? 'refused' : 'confirmed');
  },
};
