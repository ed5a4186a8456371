import { formatTimestamp, type applicationContract, type ResponseOf } from '@sesxi/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { contractSignatures, contractWithdrawals } from '#app/db/schema.ts';

type Paperwork = ResponseOf<typeof applicationContract>;

/**
 * What an officer reads of an application's signatures and withdrawal: every signature's
 * evidence (oldest first; a new account's document is signed again) and the withdrawal, if any.
 */
export async function signingEvidenceOf(
  db: Database,
  loanId: number,
): Promise<Pick<Paperwork, 'signatures' | 'withdrawal'>> {
  const [signatures, [withdrawal]] = await Promise.all([
    db
      .select()
      .from(contractSignatures)
      .where(eq(contractSignatures.loanId, loanId))
      .orderBy(asc(contractSignatures.signedAt), asc(contractSignatures.id)),
    db.select().from(contractWithdrawals).where(eq(contractWithdrawals.loanId, loanId)),
  ]);
  return {
    signatures: signatures.map((row) => ({
      document_sha256: row.documentSha256,
      code_id: row.codeId,
      phone: row.phone,
      personal_number: row.personalNumber,
      ip: row.ip,
      user_agent: row.userAgent,
      signed_at: formatTimestamp(row.signedAt),
    })),
    withdrawal: withdrawal
      ? {
          state: withdrawal.state,
          amount_due: withdrawal.amountDue,
          due_date: withdrawal.dueDate,
          withdrawn_at: formatTimestamp(withdrawal.withdrawnAt),
        }
      : null,
  };
}
