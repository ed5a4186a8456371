import { addDaysToIsoDate } from '@sesxi/contract';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { contractSignatures } from '#app/db/schema.ts';

/** Days after the signature (business dates) the customer may withdraw: since July 2024, 14. */
export const withdrawalDays = 14;

/**
 * The last day (business date) the customer may withdraw from application `loanId`'s contract:
 * 14 days after its latest signature; null while it is unsigned.
 */
export async function withdrawableUntil(db: Database, loanId: number): Promise<string | null> {
  const [latest] = await db
    .select({ signedOn: contractSignatures.signedOn })
    .from(contractSignatures)
    .where(eq(contractSignatures.loanId, loanId))
    .orderBy(desc(contractSignatures.signedAt))
    .limit(1);
  return latest ? addDaysToIsoDate(latest.signedOn, withdrawalDays) : null;
}
