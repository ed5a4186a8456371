import type { StaffRole } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { users } from '#app/db/schema.ts';
import { hashPassword } from '#app/security/password-hashing.ts';

interface SandboxStaffAccount {
  phone: string;
  password: string;
  name: string;
  surname: string;
  roles: StaffRole[];
}

/** sandbox.md's support account; production makes staff accounts with `npm run support:create`. */
export const sandboxSupportAccount = {
  phone: '599000001',
  password: 'Support-2026',
  name: 'თამარ',
  surname: 'ლომიძე',
  roles: ['support'],
} satisfies SandboxStaffAccount;

/** sandbox.md's staff: the support account, two credit officers (four eyes), a content editor. */
export const sandboxStaffAccounts: SandboxStaffAccount[] = [
  sandboxSupportAccount,
  {
    phone: '599000002',
    password: 'Credit-2026',
    name: 'გიორგი',
    surname: 'მჭედლიძე',
    roles: ['credit_officer'],
  },
  {
    phone: '599000003',
    password: 'Credit-2026',
    name: 'ნატო',
    surname: 'ჩიქოვანი',
    roles: ['credit_officer'],
  },
  {
    phone: '599000004',
    password: 'Content-2026',
    name: 'ლალი',
    surname: 'ბერიძე',
    roles: ['content_editor'],
  },
];

/** Adds each staff account whose phone is free; never changes an existing row. */
export async function seedStaffAccounts(db: Database): Promise<void> {
  for (const { password, ...account } of sandboxStaffAccounts) {
    await db
      .insert(users)
      .values({ ...account, passwordHash: await hashPassword(password) })
      .onConflictDoNothing({ target: users.phone });
  }
}
