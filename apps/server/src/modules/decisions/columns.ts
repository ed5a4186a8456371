import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { loanApplications, users } from '#app/db/schema.ts';

/** The credit officers, beside the customers: both are users. */
export const officers = alias(users, 'officer');

export const customerColumns = { id: users.id, name: users.name, surname: users.surname };
export const officerColumns = { id: officers.id, name: officers.name, surname: officers.surname };
/** The officer an application is assigned to (none until one takes it into review). */
export const assignedOfficer = eq(officers.id, loanApplications.assignedOfficerId);

/** The columns every read of one application starts from. */
export const applicationColumns = {
  id: loanApplications.id,
  userId: loanApplications.userId,
  status: loanApplications.status,
  amount: loanApplications.amount,
  months: loanApplications.months,
  productId: loanApplications.productId,
};
