import {
  formatTimestamp,
  type Locale,
  type ResponseOf,
  type SupportApplication,
  type supportUserAccessLog,
  type SupportUserRow,
  type supportUsers,
  type supportUserShow,
} from '@sesxi/contract';
import { httpError } from '#app/errors.ts';
import { createAccessLogRepository, type AccessAction } from '#app/modules/access-log/index.ts';
import { verificationCheckOf } from '#app/modules/identity-checks/index.ts';
import { applicationSummaryOf, decisionOf } from '#app/modules/loans/index.ts';
import type { ServiceContext } from '#app/service-context.ts';
import { listRequestOf, type ListQuery, type Paging } from './read-values.ts';
import {
  createSupportRepository,
  type Customer,
  type CustomerRow,
  type ShownApplication,
  type ShownCustomer,
  type TotalledRow,
} from './repository.ts';

/** The support staff member asking, and from where: what the access log records. */
export interface Reader {
  userId: number;
  ip: string;
  locale: Locale;
}

/**
 * The support back office. Every answer carrying customers' personal data is written to the
 * access log first: a request whose log row cannot be written answers an error, not the data.
 */
export function createSupportService({ db, clock, log }: ServiceContext) {
  const repository = createSupportRepository(db);
  const accessLog = createAccessLogRepository(db);

  /** The server log's line of a read (the access log keeps who and whom). */
  function noteRead(action: AccessAction, subjects: number) {
    log.info({ event: 'support_read', action, subjects }, 'support read customers’ data');
  }

  async function logAccess(
    reader: Reader,
    action: AccessAction,
    subjectUserIds: number[],
    details: Record<string, unknown>,
  ) {
    noteRead(action, subjectUserIds.length);
    await accessLog.append({
      actorUserId: reader.userId,
      subjectUserIds,
      action,
      details,
      ip: reader.ip,
      at: clock.now(),
    });
  }

  async function customerOr404(id: number): Promise<Customer> {
    const customer = await repository.customerById(id);
    if (!customer) throw httpError(404, 'errors.notFound');
    return customer;
  }

  return {
    /**
     * A page of the customer list from `readRows`, the rows the sign-in check read and logged
     * in the session's statement (a list's read with the session).
     */
    async users(
      reader: Reader,
      query: ListQuery,
      readRows: TotalledRow[],
    ): Promise<ResponseOf<typeof supportUsers>> {
      const { request, read } = listRequestOf(query, reader.ip, clock.now());
      const logged = { ...read, actorUserId: reader.userId };
      const { rows, total, totalCapped } = await repository.customerPageOf(
        readRows,
        request,
        logged,
      );
      noteRead('users.list', rows.length);
      return {
        ...pageOf(
          rows.map((row) => rowOf(row, reader.locale)),
          query,
          total,
        ),
        total_capped: totalCapped,
      };
    },

    /** The user page from the rows customerWithSession read (none: no such customer). */
    user(reader: Reader, shown: ShownCustomer[]): ResponseOf<typeof supportUserShow> {
      const [customer] = shown;
      if (!customer) throw httpError(404, 'errors.notFound');
      noteRead('users.show', 1);
      return {
        status: 'success',
        user: {
          ...rowOf(customer, reader.locale),
          phone: customer.phone,
          is_sda_verified: customer.isSdaVerified,
          created_at: formatTimestamp(customer.createdAt),
        },
        lastRequests: customer.checks.map((check) => verificationCheckOf(customer, check)),
        applications: customer.applications.map((row) => applicationOf(row, reader.locale)),
      };
    },

    async accessHistory(
      reader: Reader,
      id: number,
      paging: Paging,
    ): Promise<ResponseOf<typeof supportUserAccessLog>> {
      await customerOr404(id);
      const { rows, total } = await accessLog.pageForSubject(id, {
        limit: paging.per_page,
        offset: (paging.page - 1) * paging.per_page,
      });
      await logAccess(reader, 'users.access_log', [id], { ...paging });
      const entries = rows.map((row) => ({
        id: row.id,
        actor: { id: row.actorId, name: row.actorName, surname: row.actorSurname },
        action: row.action,
        ip: row.ip,
        created_at: formatTimestamp(row.createdAt),
      }));
      return pageOf(entries, paging, total);
    },
  };
}

/** design.md's paginated shape. */
function pageOf<Row>(data: Row[], { page, per_page }: Paging, total: number) {
  return {
    status: 'success' as const,
    data,
    current_page: page,
    per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / per_page)),
  };
}

function rowOf(customer: CustomerRow, locale: Locale): SupportUserRow {
  return {
    id: customer.id,
    name: customer.name,
    surname: customer.surname,
    document_type: {
      name: (locale === 'en' ? customer.documentTypeNameEn : customer.documentTypeName) ?? '',
    },
    document_number: customer.documentNumber ?? '',
    identity_number: customer.identityNumber ?? '',
    is_identomat_verified: customer.isIdentomatVerified,
  };
}

/**
 * The decision an application's latest decision row stands for: a rejection of a rejected
 * one, an approval (or its confirmation) of an approved one, or an approval still waiting for a
 * second officer on one under review; none otherwise.
 */
function decisionStateOf({ statusCode, decision }: ShownApplication) {
  if (!decision) return undefined;
  if (statusCode === 'rejected' && decision.kind === 'rejection') return 'rejected' as const;
  if (statusCode === 'approved' && decision.kind !== 'rejection') return 'approved' as const;
  if (statusCode === 'under_review' && decision.kind === 'approval') {
    return 'awaiting_second_officer' as const;
  }
  return undefined;
}

function applicationOf(row: ShownApplication, locale: Locale): SupportApplication {
  const state = decisionStateOf(row);
  const { decision } = row;
  return {
    ...applicationSummaryOf(row, locale),
    decision:
      state && decision ? decisionOf(state, decision, decision.reasons, decision.createdAt) : null,
  };
}
