import type { Contract } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { createConsentLedger } from '#app/modules/consents/index.ts';

/**
 * The contract answer's `e_contract_consent`: the current wording of the agreement to conclude
 * contracts electronically, shown before a signature until the customer has agreed to that
 * version (signing records it); null once they have.
 */
export async function eContractConsentOf(
  db: Database,
  userId: number,
): Promise<Contract['e_contract_consent']> {
  const wording = await createConsentLedger(db).unagreedWording(userId, 'e_contract');
  return wording ? { html: wording.html, version: wording.version, sha256: wording.sha256 } : null;
}
