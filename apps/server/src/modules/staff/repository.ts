import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { StaffRole } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { users } from '#app/db/schema.ts';

/** What the staff commands and the admin screens know of an account. */
const staffColumns = {
  id: users.id,
  phone: users.phone,
  name: users.name,
  surname: users.surname,
  roles: users.roles,
  isStaff: users.isStaff,
  isMachine: users.isMachine,
  identityNumber: users.identityNumber,
  disabledAt: users.disabledAt,
  lastSignedInAt: users.lastSignedInAt,
  mustChangePassword: users.mustChangePassword,
  isSandbox: users.isSandbox,
  /** Registered as a customer too (single sign-on, document): the identity is the customer's. */
  isCustomer: sql<boolean>`${users.documentNumber} is not null`,
};

export interface StaffRow {
  id: number;
  phone: string;
  name: string;
  surname: string;
  roles: StaffRole[];
  isStaff: boolean;
  isMachine: boolean;
  identityNumber: string | null;
  disabledAt: Date | null;
  lastSignedInAt: Date | null;
  mustChangePassword: boolean;
  isSandbox: boolean;
  isCustomer: boolean;
}

/** What the staff commands and the admin API change of an account. */
export type StaffChanges = Partial<Pick<StaffRow, 'roles' | 'identityNumber' | 'disabledAt'>>;

export function createStaffRepository(db: Database) {
  return {
    /** Every account holding a role, disabled ones too, by id. */
    list(): Promise<StaffRow[]> {
      return db
        .select(staffColumns)
        .from(users)
        .where(eq(users.isStaff, true))
        .orderBy(asc(users.id));
    },

    async byId(id: number): Promise<StaffRow | undefined> {
      const [row] = await db.select(staffColumns).from(users).where(eq(users.id, id));
      return row;
    },

    async byPhone(phone: string): Promise<StaffRow | undefined> {
      const [row] = await db.select(staffColumns).from(users).where(eq(users.phone, phone));
      return row;
    },

    async byIdentityNumber(identityNumber: string): Promise<StaffRow | undefined> {
      const [row] = await db
        .select(staffColumns)
        .from(users)
        .where(eq(users.identityNumber, identityNumber));
      return row;
    },

    /**
     * The enabled admins' ids, their rows locked until the transaction ends, in id order (so
     * two transactions wait for each other rather than deadlock). A row another transaction
     * changed meanwhile is read as it is now: an admin it disabled or demoted is not among them.
     */
    async lockEnabledAdmins(): Promise<number[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`'admin' = any(${users.roles})`, isNull(users.disabledAt)))
        .orderBy(asc(users.id))
        .for('update');
      return rows.map((row) => row.id);
    },

    async update(id: number, changes: StaffChanges, now: Date): Promise<StaffRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: now })
        .where(eq(users.id, id))
        .returning(staffColumns);
      return row;
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
