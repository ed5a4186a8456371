import { asc, eq } from 'drizzle-orm';
import type { Locale } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { documentTypes } from '#app/db/schema.ts';

export function createRegistrationRepository(db: Database) {
  return {
    async documentTypes(locale: Locale) {
      const rows = await db
        .select()
        .from(documentTypes)
        .orderBy(asc(documentTypes.sortOrder), asc(documentTypes.id));
      return rows.map((row) => ({ id: row.id, name: locale === 'en' ? row.nameEn : row.name }));
    },

    async documentTypeExists(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: documentTypes.id })
        .from(documentTypes)
        .where(eq(documentTypes.id, id));
      return row !== undefined;
    },
  };
}

export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;
