import { and, eq, type SQL } from 'drizzle-orm';
import {
  creditReports,
  loanApplications,
  loanOfferSnapshots,
  loanStatuses,
  loanSubmissions,
  snapshotKinds,
  users,
} from './schema.ts';

/**
 * How a loan application meets the rows read with it, named once: the queue, the review, the
 * decision lock and the bureau's request all join the same way.
 */
export const applicationJoins = {
  /** The customer who applied. */
  customer: eq(users.id, loanApplications.userId),
  /** The status's names. */
  status: eq(loanStatuses.code, loanApplications.status),
  /** The submission record (which sign-in, which consent, the questionnaire kept). */
  submission: eq(loanSubmissions.applicationId, loanApplications.id),
  /** The credit report asked for with the submission. */
  creditReport: eq(creditReports.applicationId, loanApplications.id),
  /** The offer kept at submission, or the one kept at approval. */
  offer: (kind: (typeof snapshotKinds)[number]): SQL =>
    and(
      eq(loanOfferSnapshots.applicationId, loanApplications.id),
      eq(loanOfferSnapshots.kind, kind),
    ) as SQL,
};
