import {
  formatTimestamp,
  type applicationQueue,
  type QueueStatus,
  type ResponseOf,
} from '@sesxi/contract';
import type { DecisionContext } from './context.ts';
import type { Officer } from './who-decides.ts';

export interface QueueQuery {
  status?: QueueStatus;
  search: string;
  page: number;
  per_page: number;
}

/** The underwriting queue: the submitted applications and those under review. */
export function createQueue({ repository, clock, logRead }: DecisionContext) {
  return {
    /** A page of the queue, logged: the rows name customers. */
    async queue(
      officer: Officer,
      { status, search, page, per_page }: QueueQuery,
    ): Promise<ResponseOf<typeof applicationQueue>> {
      const { rows, total } = await repository.queuePage({
        statuses:
          status === undefined
            ? ['submitted', 'under_review']
            : [status === 'awaiting_second_officer' ? 'under_review' : status],
        awaitingSecondOfficer: status === 'awaiting_second_officer',
        search,
        limit: per_page,
        offset: (page - 1) * per_page,
      });
      await logRead(
        officer,
        'applications.list',
        rows.map((row) => row.customer.id),
        { status, search, page, per_page },
      );
      const now = clock.now().getTime();
      return {
        status: 'success',
        data: rows.map((row) => {
          const report = row.bureauReport;
          return {
            id: row.id,
            status: {
              code: row.status,
              name: officer.locale === 'en' ? row.statusNameEn : row.statusName,
            },
            submitted_at: formatTimestamp(row.submittedAt),
            age_hours: Math.floor((now - row.submittedAt.getTime()) / 3_600_000),
            customer: row.customer,
            amount: row.amount,
            months: row.months,
            monthly_payment: row.monthlyPayment ?? 0,
            pti: row.bureauAffordability?.pti ?? row.pti,
            bureau: {
              state: row.bureauState ?? 'pending',
              serious_overdue: report ? report.loans.some((loan) => loan.overdue_days >= 90) : null,
            },
            identity_check_passed:
              row.checkOutcome === null ? null : row.checkOutcome === 'success',
            assigned_officer: row.officer,
            awaiting_second_officer: row.status === 'under_review' && row.hasApproval,
          };
        }),
        current_page: page,
        per_page,
        total,
        last_page: Math.max(1, Math.ceil(total / per_page)),
      };
    },
  };
}
