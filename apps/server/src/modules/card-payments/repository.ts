import { and, eq } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '#app/db/database.ts';
import { cardPaymentOrders, loanApplications } from '#app/db/schema.ts';

export type CardPaymentOrder = typeof cardPaymentOrders.$inferSelect;

/** The loans a card pays towards: active ones, and those being withdrawn until paid back. */
const payableStatuses = ['active', 'withdrawing'];

export function createCardPaymentRepository(db: Database) {
  return {
    /** The customer's own loan: whether it may be paid now, or undefined when it is not theirs. */
    async ownLoan(userId: number, loanId: number): Promise<{ payable: boolean } | undefined> {
      const [loan] = await db
        .select({ status: loanApplications.status })
        .from(loanApplications)
        .where(and(eq(loanApplications.id, loanId), eq(loanApplications.userId, userId)));
      return loan && { payable: payableStatuses.includes(loan.status) };
    },

    async insert(order: typeof cardPaymentOrders.$inferInsert): Promise<CardPaymentOrder> {
      const [row] = await db.insert(cardPaymentOrders).values(order).returning();
      if (!row) throw new Error('the card payment order was not stored');
      return row;
    },

    async byGatewayOrder(gatewayOrderId: string): Promise<CardPaymentOrder | undefined> {
      const [row] = await db
        .select()
        .from(cardPaymentOrders)
        .where(eq(cardPaymentOrders.gatewayOrderId, gatewayOrderId));
      return row;
    },

    /** The order, locked for the transaction: its callbacks take turns on it. */
    async lock(id: number): Promise<CardPaymentOrder> {
      const [row] = await db
        .select()
        .from(cardPaymentOrders)
        .where(eq(cardPaymentOrders.id, id))
        .for('update');
      if (!row) throw new Error(`the card payment order ${id} is gone`);
      return row;
    },

    async update(
      id: number,
      fields: PgUpdateSetSource<typeof cardPaymentOrders>,
      now: Date,
    ): Promise<void> {
      await db
        .update(cardPaymentOrders)
        .set({ ...fields, updatedAt: now })
        .where(eq(cardPaymentOrders.id, id));
    },
  };
}
