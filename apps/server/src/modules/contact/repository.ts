import { asc, eq } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { branchSchedules, branches, cities, contactSettings } from '#app/db/schema.ts';

export function createContactRepository(db: Database) {
  return {
    /** Every branch in display order, with its city's name and its opening hours by weekday. */
    async branchesWithSchedules() {
      const [branchRows, scheduleRows] = await Promise.all([
        db
          .select({
            id: branches.id,
            name: branches.name,
            city: cities.name,
            address: branches.address,
            phone: branches.phone,
            isMain: branches.isMain,
          })
          .from(branches)
          .innerJoin(cities, eq(cities.id, branches.cityId))
          .orderBy(asc(branches.sortOrder), asc(branches.id)),
        db.select().from(branchSchedules).orderBy(asc(branchSchedules.startDay)),
      ]);
      return branchRows.map((branch) => ({
        ...branch,
        schedules: scheduleRows.filter((schedule) => schedule.branchId === branch.id),
      }));
    },

    async settings() {
      const [row] = await db.select().from(contactSettings).limit(1);
      return row;
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
