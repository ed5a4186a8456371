import { and, eq, gt } from 'drizzle-orm';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Clock } from '#app/clock.ts';
import type { Database } from '#app/db/database.ts';
import { sandboxOidcEntries } from '#app/db/schema.ts';

/**
 * The sandbox provider's storage, in the database: a sign-in begun through one instance is
 * finished through another, as behind any load balancer. Expired rows are never read and
 * housekeeping deletes them.
 */
export function databaseStore(db: Database, clock: Clock): AdapterFactory {
  return (model: string): Adapter => {
    const live = () =>
      and(eq(sandboxOidcEntries.model, model), gt(sandboxOidcEntries.expiresAt, clock.now()));
    const payloadWhere = async (where: ReturnType<typeof eq>) => {
      const [row] = await db
        .select({ payload: sandboxOidcEntries.payload })
        .from(sandboxOidcEntries)
        .where(and(live(), where));
      return row?.payload as AdapterPayload | undefined;
    };
    return {
      async upsert(id, payload, expiresIn = 3600) {
        const row = {
          payload,
          uid: payload.uid ?? null,
          grantId: payload.grantId ?? null,
          expiresAt: new Date(clock.now().getTime() + expiresIn * 1000),
        };
        await db
          .insert(sandboxOidcEntries)
          .values({ model, id, ...row })
          .onConflictDoUpdate({
            target: [sandboxOidcEntries.model, sandboxOidcEntries.id],
            set: row,
          });
      },
      find: (id) => payloadWhere(eq(sandboxOidcEntries.id, id)),
      findByUid: (uid) => payloadWhere(eq(sandboxOidcEntries.uid, uid)),
      findByUserCode: () => Promise.resolve(undefined),
      async consume(id) {
        const payload = await payloadWhere(eq(sandboxOidcEntries.id, id));
        if (!payload) return;
        await db
          .update(sandboxOidcEntries)
          .set({ payload: { ...payload, consumed: Math.floor(clock.now().getTime() / 1000) } })
          .where(and(eq(sandboxOidcEntries.model, model), eq(sandboxOidcEntries.id, id)));
      },
      async destroy(id) {
        await db
          .delete(sandboxOidcEntries)
          .where(and(eq(sandboxOidcEntries.model, model), eq(sandboxOidcEntries.id, id)));
      },
      async revokeByGrantId(grantId) {
        await db.delete(sandboxOidcEntries).where(eq(sandboxOidcEntries.grantId, grantId));
      },
    };
  };
}
