import { sql } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';

const names = [
  'გიორგი',
  'დავით',
  'ნიკა',
  'ლუკა',
  'ირაკლი',
  'ლევან',
  'ალექსანდრე',
  'გიგა',
  'ზურაბ',
  'თორნიკე',
  'ნინო',
  'მარიამ',
  'ანა',
  'ეკა',
  'თამარ',
  'ნათია',
  'სალომე',
  'ქეთევან',
  'ელენე',
  'მაკა',
];

/** Forty common surnames, each given to the same share of the customers. */
export const bulkSurnames = [
  'ბერიძე',
  'კაპანაძე',
  'მაისურაძე',
  'გელაშვილი',
  'ხუციშვილი',
  'წიკლაური',
  'ქავთარაძე',
  'ნოზაძე',
  'ლომიძე',
  'ბოლქვაძე',
  'ჯაფარიძე',
  'კვარაცხელია',
  'ბერიშვილი',
  'ნადირაძე',
  'ცერცვაძე',
  'გოგოლაძე',
  'ხარაიშვილი',
  'დოლიძე',
  'მელაძე',
  'ჩიქოვანი',
  'ტაბატაძე',
  'ჩხეიძე',
  'აბაშიძე',
  'გიორგაძე',
  'ბაქრაძე',
  'ცხადაძე',
  'ხმალაძე',
  'კიკნაძე',
  'ფხაკაძე',
  'შენგელია',
  'გაბუნია',
  'ჯანელიძე',
  'თოდუა',
  'ლორთქიფანიძე',
  'წერეთელი',
  'ჭავჭავაძე',
  'მეგრელიშვილი',
  'სურმავა',
  'ქობალია',
  'კობახიძე',
];

export interface BulkCustomers {
  count: number;
  /** Every phone starts with this and is unique below it (at most 10^(9 − length) customers). */
  phonePrefix: string;
  /** Every personal number starts with this, unique likewise within 11 digits. */
  identityPrefix: string;
  surnames?: string[];
}

/**
 * Registered customers in one INSERT … SELECT over generate_series: a million in about half a
 * minute on PostgreSQL. The i-th customer's numbers are i scrambled by multiplication modulo a
 * power of ten (a bijection, since the factors are primes other than 2 and 5), so fragments of
 * them are spread as real numbers are. Passwords are not usable.
 */
export async function insertBulkCustomers(
  db: Database,
  { count, phonePrefix, identityPrefix, surnames = bulkSurnames }: BulkCustomers,
): Promise<void> {
  const phoneDigits = 9 - phonePrefix.length;
  const identityDigits = 11 - identityPrefix.length;
  await db.execute(sql`
    insert into users (name, surname, identity_number, document_type_id, document_number, phone,
                       password_hash, phone_verified_at)
    select
      (${sql.param(names)}::text[])[1 + i % ${names.length}],
      (${sql.param(surnames)}::text[])[1 + (i / ${names.length}) % ${surnames.length}],
      ${identityPrefix} || lpad(((i * 48271) % (10::bigint ^ ${identityDigits})::bigint)::text, ${identityDigits}, '0'),
      (select array_agg(id order by sort_order) from document_types)[1 + i % 2],
      lpad((i % 100)::text, 2, '0') || chr((65 + (i / 100) % 26)::int)
        || chr((65 + (i / 2600) % 26)::int)
        || lpad(((i * 7919) % 100000)::text, 5, '0'),
      ${phonePrefix} || lpad(((i * 7919) % (10::bigint ^ ${phoneDigits})::bigint)::text, ${phoneDigits}, '0'),
      'not a password hash',
      now()
    from generate_series(1::bigint, ${count}::bigint) as i`);
}
