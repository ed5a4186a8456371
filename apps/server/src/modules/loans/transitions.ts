import type { LoanStatusCode, MessageKey } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { httpError } from '#app/errors.ts';
import { loanTransitions, type LoanTransition } from './loan-states.ts';
import { createLoanRepository, type TransitionChanges } from './repository.ts';

/** A customer's move of their own application. */
export interface CustomerMove {
  id: number;
  userId: number;
  name: LoanTransition;
  now: Date;
  changes?: TransitionChanges;
  /** What a state that `name` cannot leave answers (with 409). */
  refusal?: MessageKey;
}

/** A decided application answers every move it cannot make with this. */
const decidedRefusal: MessageKey = 'loan.alreadyDecided';

/**
 * Moves the customer's application inside the transaction `tx`. An id that is not theirs
 * answers 404, exactly as one that does not exist; a state the move cannot leave answers 409
 * (saying so plainly once the lender has decided, or an officer has approved).
 */
export async function moveApplication(
  tx: Database,
  { id, userId, name, now, changes, refusal = 'loan.transitionNotAllowed' }: CustomerMove,
) {
  const repository = createLoanRepository(tx);
  if ('refusedOnceApproved' in loanTransitions[name]) await refuseOnceApproved(tx, id, userId);
  const moved = await repository.transition(id, userId, name, {
    now,
    actorUserId: userId,
    changes,
  });
  if (moved) return moved;
  const application = await repository.findOwned(id, userId);
  if (!application) throw httpError(404, 'errors.notFound');
  throw httpError(409, isDecided(application.statusCode) ? decidedRefusal : refusal);
}

/**
 * 409 when an officer has approved the application, even if the approval still awaits a second
 * officer. The row is locked before the approval is looked for, by its own statement: an
 * officer's approval locks it too, so one committed while this move waited is seen (a condition
 * inside the move's UPDATE would be judged on the snapshot taken before the wait).
 */
async function refuseOnceApproved(tx: Database, id: number, userId: number) {
  const repository = createLoanRepository(tx);
  const status = await repository.lockOwned(id, userId);
  if (status === 'under_review' && (await repository.hasApproval(id))) {
    throw httpError(409, 'loan.approvalPending');
  }
}

/** A credit officer's move (taking into review, approving, rejecting) of any application. */
export interface StaffMove {
  id: number;
  officerId: number;
  name: LoanTransition;
  now: Date;
  assignedOfficerId?: number;
}

/** Moves an application as a credit officer: 404 for none, 409 for a state it cannot leave. */
export async function moveApplicationAsStaff(
  tx: Database,
  { id, officerId, name, now, assignedOfficerId }: StaffMove,
) {
  const repository = createLoanRepository(tx);
  const moved = await repository.transition(id, undefined, name, {
    now,
    actorUserId: officerId,
    assignedOfficerId,
  });
  if (moved) return moved;
  if (!(await repository.statusOf(id))) throw httpError(404, 'errors.notFound');
  throw httpError(409, 'errors.conflict');
}

/** A move the lender's own rules make, no person acting (an offer expiring at close of day). */
export interface SystemMove {
  id: number;
  name: LoanTransition;
  now: Date;
}

/**
 * Moves an application with no actor inside `tx`; answers the status it left, or undefined
 * when it is in no state `name` leaves (another move won: nothing to do).
 */
export async function moveApplicationBySystem(tx: Database, { id, name, now }: SystemMove) {
  const moved = await createLoanRepository(tx).transition(id, undefined, name, {
    now,
    actorUserId: null,
  });
  return moved?.from;
}

function isDecided(status: LoanStatusCode): boolean {
  return status === 'approved' || status === 'rejected';
}
