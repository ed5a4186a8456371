import { z } from 'zod';

/** Identomat's names of the documents this app accepts. */
export type IdentomatDocumentType = 'id' | 'passport';

/**
 * The customer a verification expects. The real provider is told none of it (the person shows
 * whatever document they hold); the sandbox plays this person showing their own document.
 */
export interface DocumentHolder {
  personalNumber: string;
  /** Georgian, as single sign-on gave them. */
  name: string;
  surname: string;
  documentType: IdentomatDocumentType;
  documentNumber: string;
}

/** A begun verification: the browser goes to `url` and comes back to `/identomat`. */
export interface VerificationSession {
  sessionToken: string;
  url: string;
}

const text = z.string().nullish();

/**
 * Identomat's result, as far as this app reads it (domain-notes.md); every other field is
 * kept as sent, since the stored JSON is what support reviews.
 */
export const identomatResultSchema = z.looseObject({
  result: z.string(),
  similarity: z.number().min(0).max(1).nullish(),
  live: z.boolean().nullish(),
  document_type: text,
  reject_reason: z.looseObject({ value: text, description: text }).nullish(),
  person: z
    .looseObject({
      first_name: text,
      last_name: text,
      local_first_name: text,
      local_last_name: text,
      personal_number: text,
      document_number: text,
    })
    .nullish(),
});

export type IdentomatResult = z.output<typeof identomatResultSchema>;

/**
 * Identity-document and face verification (Identomat). Both methods throw
 * ServiceUnavailableError when the provider cannot be reached or answers nonsense.
 */
export interface DocumentVerifier {
  begin(holder: DocumentHolder): Promise<VerificationSession>;
  /** The provider's result, or null while the customer has not finished the steps. */
  result(sessionToken: string): Promise<IdentomatResult | null>;
}
