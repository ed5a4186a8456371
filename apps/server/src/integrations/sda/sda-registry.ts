/** The identity a customer registered with, as the registry is asked to confirm it. */
export interface SdaIdentity {
  /** Eleven digits. */
  personalNumber: string;
  name: string;
  surname: string;
  documentNumber: string;
}

/** `confirmed`: the civil registry holds this person with this document; `refused`: it does not. */
export type SdaAnswer = 'confirmed' | 'refused';

/**
 * The personal-data check against the state registry (SDA): the HTTP client of our own JSON
 * contract in production, the rules of sandbox.md otherwise. Throws
 * ServiceUnavailableError('sda') when the registry cannot be reached, times out or answers
 * anything but a confirmation or a refusal.
 */
export interface SdaRegistry {
  check(identity: SdaIdentity): Promise<SdaAnswer>;
}
