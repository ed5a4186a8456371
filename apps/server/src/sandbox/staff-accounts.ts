import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { staffRoles, type StaffRole } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { users } from '#app/db/schema.ts';
import { hashPassword, verifyPassword } from '#app/security/password-hashing.ts';

interface SandboxStaffAccount {
  phone: string;
  password: string;
  name: string;
  surname: string;
  roles: StaffRole[];
  /**
   * The personal number they sign in with: none of sandbox.md's seeded identities, and no
   * ending 91–98 (which picks a sandbox outcome).
   */
  personalNumber: string;
}

/** sandbox.md's support account; production makes staff accounts with `npm run staff:create`. */
export const sandboxSupportAccount = {
  phone: '599000001',
  password: 'Support-2026',
  name: 'თამარ',
  surname: 'ლომიძე',
  roles: ['support'],
  personalNumber: '01001000101',
} satisfies SandboxStaffAccount;

/** The sandbox's admin of staff accounts. */
export const sandboxAdminAccount = {
  phone: '599000005',
  password: 'Admin-2026',
  name: 'ეთერ',
  surname: 'გოგოლაძე',
  roles: ['admin'],
  personalNumber: '01001000105',
} satisfies SandboxStaffAccount;

/**
 * sandbox.md's staff, by the contract's roles: the support account, two credit officers (four
 * eyes), a content editor, and an admin. A role the contract adds fails to compile until the
 * sandbox has an account for it. Their passwords are published: they are never forced to change
 * them, and production refuses them (`isSandbox`).
 */
const sandboxStaffByRole: Record<StaffRole, SandboxStaffAccount[]> = {
  support: [sandboxSupportAccount],
  credit_officer: [
    {
      phone: '599000002',
      password: 'Credit-2026',
      name: 'გიორგი',
      surname: 'მჭედლიძე',
      roles: ['credit_officer'],
      personalNumber: '01001000102',
    },
    {
      phone: '599000003',
      password: 'Credit-2026',
      name: 'ნატო',
      surname: 'ჩიქოვანი',
      roles: ['credit_officer'],
      personalNumber: '01001000103',
    },
  ],
  content_editor: [
    {
      phone: '599000004',
      password: 'Content-2026',
      name: 'ლალი',
      surname: 'ბერიძე',
      roles: ['content_editor'],
      personalNumber: '01001000104',
    },
  ],
  admin: [sandboxAdminAccount],
};

/** The sandbox's staff accounts, in the contract's order of roles. */
export const sandboxStaffAccounts: SandboxStaffAccount[] = staffRoles.flatMap(
  (role) => sandboxStaffByRole[role],
);

const holder = alias(users, 'holder');

/**
 * Adds each staff account whose phone is free, marked as the sandbox's. An account of one of
 * these phones made by an earlier seed is marked too, and given its personal number when it
 * has none and no other account holds it; nothing else of an existing row changes.
 */
export async function seedStaffAccounts(db: Database): Promise<void> {
  for (const { password, personalNumber, ...account } of sandboxStaffAccounts) {
    const [added] = await db
      .insert(users)
      .values({
        ...account,
        identityNumber: personalNumber,
        passwordHash: await hashPassword(password),
        isSandbox: true,
      })
      .onConflictDoNothing({ target: users.phone })
      .returning({ id: users.id });
    if (added) continue;
    await db.update(users).set({ isSandbox: true }).where(eq(users.phone, account.phone));
    await db
      .update(users)
      .set({ identityNumber: personalNumber })
      .where(
        and(
          eq(users.phone, account.phone),
          isNull(users.identityNumber),
          notExists(
            db
              .select({ one: sql`1` })
              .from(holder)
              .where(eq(holder.identityNumber, personalNumber)),
          ),
        ),
      );
  }
}

/**
 * Marks the accounts an earlier sandbox seed made before accounts were marked: a sandbox phone
 * whose password is still the published one. Run by a production start, which then refuses them.
 */
export async function markSandboxAccounts(db: Database): Promise<void> {
  const phones = sandboxStaffAccounts.map((account) => account.phone);
  const rows = await db
    .select({ phone: users.phone, passwordHash: users.passwordHash })
    .from(users)
    .where(and(inArray(users.phone, phones), eq(users.isSandbox, false)));
  for (const row of rows) {
    const published = sandboxStaffAccounts.find((account) => account.phone === row.phone);
    if (published && (await verifyPassword(row.passwordHash, published.password))) {
      await db.update(users).set({ isSandbox: true }).where(eq(users.phone, row.phone));
    }
  }
}
