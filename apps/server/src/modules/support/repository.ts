import { minimumSearchLength, searchTotalCap, userIdOfSearch } from '@sesxi/contract';
import { and, eq, not, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { likePatternContaining } from '#app/db/like-pattern.ts';
import { aliasedColumns, columnDecoder, preparedSql } from '#app/db/prepared.ts';
import {
  accessLog,
  customerCount,
  documentTypes,
  loanApplications,
  loanDecisions,
  loanStatuses,
  users,
} from '#app/db/schema.ts';
import type { Access } from '#app/modules/access-log/index.ts';
import {
  decodeCheck,
  latestCompletedChecks,
  type IdentityCheck,
} from '#app/modules/identity-checks/index.ts';
import {
  decisionFiguresJson,
  summaryColumns,
  type ApplicationSummary,
  type DecisionFigures,
} from '#app/modules/loans/index.ts';
import { sessionRead, signedIn, signedInHasRole } from '#app/modules/sessions/index.ts';

export interface PageRequest {
  /**
   * Plain text to find in any part of name, surname, personal number, document number or phone
   * (from three characters), or, all digits, a customer's id.
   */
  search: string;
  limit: number;
  offset: number;
}

/** What a page of the list shows of each customer (`CustomerRow`). */
const listed = {
  id: users.id,
  name: users.name,
  surname: users.surname,
  identityNumber: users.identityNumber,
  documentNumber: users.documentNumber,
  documentTypeName: documentTypes.name,
  documentTypeNameEn: documentTypes.nameEn,
  isIdentomatVerified: users.isIdentomatVerified,
};

const customerColumns = {
  ...listed,
  phone: users.phone,
  isSdaVerified: users.isSdaVerified,
  createdAt: users.createdAt,
};

export type Customer = NonNullable<Awaited<ReturnType<SupportRepository['customerById']>>>;

/** What a page of the list shows of each customer. */
export interface CustomerRow {
  id: number;
  name: string;
  surname: string;
  identityNumber: string | null;
  documentNumber: string | null;
  documentTypeName: string | null;
  documentTypeNameEn: string | null;
  isIdentomatVerified: boolean;
}

/** The list's columns in a raw statement, each under its `CustomerRow` name. */
const listedColumns = aliasedColumns(listed);

/** The read that the access log records with the page (the subjects are the page's ids). */
export type ListRead = Omit<Access, 'subjectUserIds'>;

const isCustomer = not(users.isStaff);
const value = (name: string) => sql.placeholder(name);

/**
 * The log row's transaction commits without waiting for its WAL to reach the disk (decision
 * 017): `set_config(…, true)` lasts until the end of the transaction, which is this statement's
 * own (or the past-cap page's), whose only write is the log row; PostgreSQL reads the setting
 * when it commits. A database crash can lose the last fraction of a second of such rows (the
 * WAL writer flushes every `wal_writer_delay`), never a write of customer data, and the server
 * log's `support_read` line of the same read remains. Written in the insert's HAVING, which is
 * evaluated once for its one group, so it holds exactly when a row is inserted.
 */
const commitWithoutWaitingForDisk = sql`set_config('synchronous_commit', 'off', true) = 'off'`;

/**
 * A page of the customers in `chosen` (a CTE of ids), newest first, and the access-log row
 * naming them by `actor` (when `logWhen` holds), as the CTEs `page` and `logged`.
 */
function loggedPage(
  chosen: SQL,
  { actor = value('actor'), logWhen = sql`true` }: { actor?: SQLWrapper; logWhen?: SQL } = {},
) {
  return sql`page_ids as (
      select id from ${chosen} order by id desc limit ${value('limit')} offset ${value('offset')}
    ), page as (
      select ${listedColumns} from ${users}
      left join ${documentTypes} on ${documentTypes.id} = ${users.documentTypeId}
      where ${users.id} in (select id from page_ids) and ${logWhen}
    ), logged as (
      insert into ${accessLog} (actor_user_id, subject_user_ids, action, details, ip, created_at)
      select ${actor}, coalesce(array_agg(page."id" order by page."id" desc), '{}'),
             ${value('action')}, ${value('details')}::jsonb, ${value('ip')}, ${value('at')}
      from page having ${logWhen} and ${commitWithoutWaitingForDisk}
    )`;
}

/** The select of a page with its total (CTEs `counted` and `page`): one row when empty. */
const totalledPage = sql`select counted.total, page.* from counted left join page on true`;

/**
 * Every customer, a page of them read and logged by `actor` only where `allowed` holds, and
 * their total the counter the triggers keep, as CTEs for totalledPage.
 */
function everyCustomer(actor: SQLWrapper, allowed: SQL) {
  return sql`chosen as (select ${users.id} as id from ${users} where ${isCustomer} and ${allowed}),
    counted as (select ${customerCount.customers} as total from ${customerCount}),
    ${loggedPage(sql`chosen`, { actor, logWhen: allowed })}`;
}

/** A page of every customer with its total (one row when empty). */
const everyCustomerPage = preparedSql<TotalledRow>(
  'support_customer_page',
  sql`with ${everyCustomer(value('actor'), sql`true`)}
    ${totalledPage} order by page."id" desc nulls last`,
);

/**
 * Customers a search finds: its text in the search column (lower-cased, and so is the term,
 * by PostgreSQL alike), or its digits as their id.
 */
const found = sql`${isCustomer} and (${users.searchText} like lower(${value('pattern')}) or ${users.id} = ${value('userId')})`;

/**
 * A page of the customers a search finds and how many they are, read and logged by `actor`
 * only where `allowed` holds, as CTEs for totalledPage: at most `searchTotalCap + 1` are
 * counted (through the trigram index); past the cap no page is read or logged here.
 */
function searchedPage(actor: SQLWrapper, allowed: SQL) {
  return sql`capped as (
      select ${users.id} as id from ${users} where ${found} and ${allowed}
      limit ${searchTotalCap + 1}
    ), counted as (select count(*)::int as total from capped),
    ${loggedPage(sql`capped`, {
      actor,
      logWhen: sql`${allowed} and (select total from counted) <= ${searchTotalCap}`,
    })}`;
}

const searchPage = preparedSql<TotalledRow>(
  'support_search_page',
  sql`with ${searchedPage(value('actor'), sql`true`)}
    ${totalledPage} order by page."id" desc nulls last`,
);

/** The session's user, as the actor of a read with the session. */
const sessionActor = sql`(select "id" from ${signedIn})`;

/**
 * The support list done by the sign-in check, in the session's statement, without a search
 * (`everyCustomerWithSession`) or with one (`searchWithSession`): the page and its total are
 * read, and the access-log row naming the page is written, only when the session's user is
 * support staff (a customer's or an unknown token's request reads no page and writes nothing).
 * Their values are `listWithSessionValues`' (the actor is the session's user).
 */
function listWithSession(name: string, ctes: (actor: SQLWrapper, allowed: SQL) => SQL) {
  return sessionRead<TotalledRow>(name, {
    with: ctes(sessionActor, signedInHasRole('support')),
    rows: totalledPage,
    orderBy: sql`"read"."id" desc nulls last`,
    decodeRow: () => {},
  });
}

export const everyCustomerWithSession = listWithSession(
  'session_support_customer_page',
  everyCustomer,
);

export const searchWithSession = listWithSession('session_support_search', searchedPage);

/**
 * An application as support reads it: its summary and its latest decision (kind, terms, the
 * customer's reason texts, when; never the officer's note).
 */
export type ShownApplication = ApplicationSummary & {
  decision: (DecisionFigures & { createdAt: Date }) | null;
};

/**
 * The applications of the customer `shown."id"`, newest first, as JSON: each with its latest
 * decision and that decision's reasons in the texts the customer reads (Georgian). The
 * officer's internal note is not read.
 */
const applicationsOfShown = sql`select coalesce(json_agg("application"
      order by "application"."createdAt" desc, "application"."id" desc), '[]')
    from (select ${aliasedColumns(summaryColumns)},
        (select ${decisionFiguresJson(sql`'createdAt', ${loanDecisions.createdAt}`)}
          from ${loanDecisions}
          where ${loanDecisions.applicationId} = ${loanApplications.id}
          order by ${loanDecisions.id} desc limit 1) as "decision"
      from ${loanApplications}
      join ${loanStatuses} on ${loanStatuses.code} = ${loanApplications.status}
      where ${loanApplications.userId} = shown."id") as "application"`;

/** JSON's timestamps as the Dates the rest of the code reads (its numbers are numbers already). */
function decodeApplication(application: ShownApplication) {
  application.createdAt = new Date(application.createdAt);
  if (application.decision) {
    application.decision.createdAt = new Date(application.decision.createdAt);
  }
}

/**
 * A customer as the user page shows them, with their latest completed checks and their
 * applications, newest first.
 */
export type ShownCustomer = Customer & {
  checks: IdentityCheck[];
  applications: ShownApplication[];
};

const decodeCustomer = columnDecoder(customerColumns);

/**
 * The support user page done by the sign-in check, in the session's statement: the customer
 * `id` with their `checks` latest completed checks and their applications, and the access-log
 * row naming them, only when the session's user is support staff and `id` is a customer's (no
 * row otherwise: a customer's or an unknown token's request, or a 404, reads and writes
 * nothing).
 */
export const customerWithSession = sessionRead<ShownCustomer>('session_support_customer', {
  with: sql`shown as (
      select ${aliasedColumns(customerColumns)} from ${users}
      left join ${documentTypes} on ${documentTypes.id} = ${users.documentTypeId}
      where ${isCustomer} and ${users.id} = ${value('id')} and ${signedInHasRole('support')}
    ), shown_logged as (
      insert into ${accessLog} (actor_user_id, subject_user_ids, action, details, ip, created_at)
      select ${sessionActor}, array[shown."id"], ${value('action')}, '{}'::jsonb,
             ${value('ip')}, ${value('at')}
      from shown
    )`,
  rows: sql`select shown.*, (
      select coalesce(json_agg("check" order by "check"."createdAt" desc, "check"."id" desc), '[]')
      from (${latestCompletedChecks(sql`shown."id"`, value('checks'))}) as "check") as "checks",
      (${applicationsOfShown}) as "applications"
    from shown`,
  decodeRow: (customer) => {
    decodeCustomer(customer);
    for (const check of customer.checks) decodeCheck(check);
    for (const application of customer.applications) decodeApplication(application);
  },
});

/** A page of a search's matches past the cap, with its access-log row. */
const pastCapPage = preparedSql<CustomerRow>(
  'support_search_page_past_cap',
  sql`with chosen as (select ${users.id} as id from ${users} where ${found}),
    ${loggedPage(sql`chosen`)}
    select page.* from page order by page."id" desc`,
);

/**
 * A row of a page with its total: the result's one row has no customer when the page is empty.
 * (A search read with the session has its rows as JSON, in the same shape: no value of a
 * `CustomerRow` needs decoding.)
 */
export type TotalledRow = { total: number } & (CustomerRow | { id: null });

function pageOf(rows: TotalledRow[]) {
  return {
    rows: rows
      .filter((row): row is { total: number } & CustomerRow => row.id !== null)
      .map(({ total: _total, ...row }) => row),
    total: rows[0]?.total ?? 0,
  };
}

/** The values of a search's statements but the actor (whom a read with the session knows). */
export function searchValues(
  { search, limit, offset }: PageRequest,
  read: Omit<ListRead, 'actorUserId'>,
) {
  return {
    limit,
    offset,
    action: read.action,
    details: JSON.stringify(read.details),
    ip: read.ip,
    at: read.at,
    pattern: search.length >= minimumSearchLength ? likePatternContaining(search) : null,
    userId: userIdOfSearch(search) ?? null,
  };
}

export function createSupportRepository(db: Database) {
  /**
   * A page from the rows of its first statement (a list's with or without the session): past
   * the cap a search's matches are so many that walking the id index finds a page sooner than
   * collecting them all, so that plan is chosen for the page, read (and logged) again.
   */
  async function customerPageOf(rows: TotalledRow[], request: PageRequest, read: ListRead) {
    const page = pageOf(rows);
    if (request.search === '' || page.total <= searchTotalCap) {
      return { ...page, totalCapped: false };
    }
    const pastCap = await db.transaction(async (tx) => {
      await tx.execute(sql`
        select set_config('enable_bitmapscan', 'off', true),
               set_config('enable_seqscan', 'off', true),
               set_config('max_parallel_workers_per_gather', '0', true)`);
      return pastCapPage(tx, { ...searchValues(request, read), actor: read.actorUserId });
    });
    return { rows: pastCap, total: searchTotalCap, totalCapped: true };
  }

  return {
    /**
     * One page of customers and their total, and the access-log row naming them, in one
     * prepared statement: the log row and the read stand or fall together. With a search, at
     * most `searchTotalCap + 1` matches are counted (see `customerPageOf` past the cap). The
     * route reads the same with the session (`everyCustomerWithSession`, `searchWithSession`);
     * this, the list's statement on its own, is what `bench/support-search.ts` times at a
     * million customers.
     */
    async customerPage(request: PageRequest, read: ListRead) {
      const values = { ...searchValues(request, read), actor: read.actorUserId };
      const statement = request.search === '' ? everyCustomerPage : searchPage;
      return customerPageOf(await statement(db, values), request, read);
    },

    /** customerPage from the rows a list's read with the session answered. */
    customerPageOf,

    async customerById(id: number) {
      const [customer] = await db
        .select(customerColumns)
        .from(users)
        .leftJoin(documentTypes, eq(documentTypes.id, users.documentTypeId))
        .where(and(isCustomer, eq(users.id, id)));
      return customer;
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
