import { formatTimestamp, type VerificationCheck } from '@sesxi/contract';
import { identomatResultSchema } from '#app/integrations/identomat/document-verifier.ts';
import { compareWithDocument, type CustomerRecord } from './comparison.ts';
import type { IdentityCheck } from './repository.ts';

/** A stored check as staff read it, compared field by field with the customer's data as it is now. */
export function verificationCheckOf(
  customer: CustomerRecord,
  check: IdentityCheck,
): VerificationCheck {
  const result = identomatResultSchema.safeParse(check.result);
  return {
    id: check.id,
    session_token: check.sessionToken,
    result: isRecord(check.result) ? check.result : {},
    outcome: check.outcome,
    comparison: result.success ? compareWithDocument(customer, result.data) : [],
    created_at: formatTimestamp(check.createdAt),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
