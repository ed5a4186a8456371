/* The reference data: the lookup lists the forms offer, branches and the lender's contact. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  time,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id } from './columns.ts';

/**
 * A lookup list the forms offer (document types, cities, …): a stable `code` that the seed
 * and the code refer to, the Georgian name, the English name and the order to show them in.
 */
function lookupTable<Name extends string>(name: Name) {
  return pgTable(name, {
    id: id(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  });
}

export const documentTypes = lookupTable('document_types');
export const cities = lookupTable('cities');
export const activitySpheres = lookupTable('activity_spheres');
export const loanPurposes = lookupTable('loan_purposes');
export const loanStatuses = lookupTable('loan_statuses');
/** Why an application was rejected: the customer reads `name` (or `name_en`). */
export const rejectionReasons = lookupTable('rejection_reasons');

export const branches = pgTable(
  'branches',
  {
    id: id(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    isMain: boolean('is_main').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    uniqueIndex('branches_one_main')
      .on(table.isMain)
      .where(sql`${table.isMain}`),
  ],
);

/** Opening hours: days `start_day`…`end_day` (ISO weekdays, 1 = Monday) from `start_time` to `end_time`. */
export const branchSchedules = pgTable(
  'branch_schedules',
  {
    id: id(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    startDay: integer('start_day').notNull(),
    endDay: integer('end_day').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
  },
  (table) => [
    index('branch_schedules_branch').on(table.branchId),
    check(
      'branch_schedules_days',
      sql`${table.startDay} between 1 and 7 and ${table.endDay} between ${table.startDay} and 7`,
    ),
    check('branch_schedules_hours', sql`${table.startTime} < ${table.endTime}`),
  ],
);

/** The lender's contact details: exactly one row. */
export const contactSettings = pgTable(
  'contact_settings',
  {
    id: integer('id').primaryKey().default(1),
    hotline: text('hotline').notNull(),
    email: text('email').notNull(),
    facebook: text('facebook').notNull(),
    youtube: text('youtube').notNull(),
    linkedin: text('linkedin').notNull(),
  },
  (table) => [check('contact_settings_single_row', sql`${table.id} = 1`)],
);
