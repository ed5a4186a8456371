import { searchTotalCap } from '@sesxi/contract';
import { and, desc, eq, not, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '#app/db/database.ts';
import { customerCount, documentTypes, users } from '#app/db/schema.ts';

export interface PageRequest {
  /** Plain text to find in any part of name, surname, personal number, document number or phone. */
  search: string;
  limit: number;
  offset: number;
}

/** Every character LIKE treats specially, made literal: a search is plain text. */
export function likePatternContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (special) => `\\${special}`)}%`;
}

const customerColumns = {
  id: users.id,
  name: users.name,
  surname: users.surname,
  identityNumber: users.identityNumber,
  documentNumber: users.documentNumber,
  documentTypeName: documentTypes.name,
  documentTypeNameEn: documentTypes.nameEn,
  phone: users.phone,
  isSdaVerified: users.isSdaVerified,
  isIdentomatVerified: users.isIdentomatVerified,
  createdAt: users.createdAt,
};

export type Customer = NonNullable<Awaited<ReturnType<SupportRepository['customerById']>>>;

export function createSupportRepository(db: Database) {
  const isCustomer = not(users.isSupport);

  /** Customers matching `where`, newest first. */
  const customers = (executor: Database, where: SQL | undefined, limit: number, offset: number) =>
    executor
      .select(customerColumns)
      .from(users)
      .leftJoin(documentTypes, eq(documentTypes.id, users.documentTypeId))
      .where(and(isCustomer, where))
      .orderBy(desc(users.id))
      .limit(limit)
      .offset(offset);

  return {
    /**
     * One page of customers and their total. Without a search the total is the counter the
     * triggers keep. With one, at most `searchTotalCap + 1` matches are counted (through the
     * trigram index); past the cap the matches are so many that walking the id index finds a
     * page sooner than collecting them all, so that plan is chosen for the page.
     */
    async customerPage({ search, limit, offset }: PageRequest) {
      if (search === '') {
        const [rows, [counted]] = await Promise.all([
          customers(db, undefined, limit, offset),
          db.select({ customers: customerCount.customers }).from(customerCount),
        ]);
        return { rows, total: counted?.customers ?? 0, totalCapped: false };
      }
      // The column is lower-cased; PostgreSQL lower-cases the term the same way.
      const matches = sql`${users.searchText} like lower(${likePatternContaining(search)})`;
      const [counted] = rowsOf<{ matches: number }>(
        await db.execute(sql`
          select count(*)::int as matches from (
            select 1 from ${users} where ${and(isCustomer, matches)} limit ${searchTotalCap + 1}
          ) as capped`),
      );
      const total = counted?.matches ?? 0;
      if (total <= searchTotalCap) {
        return { rows: await customers(db, matches, limit, offset), total, totalCapped: false };
      }
      const rows = await db.transaction(async (tx) => {
        await tx.execute(sql`
          select set_config('enable_bitmapscan', 'off', true),
                 set_config('enable_seqscan', 'off', true),
                 set_config('max_parallel_workers_per_gather', '0', true)`);
        return customers(tx, matches, limit, offset);
      });
      return { rows, total: searchTotalCap, totalCapped: true };
    },

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
