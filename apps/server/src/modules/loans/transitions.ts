import type { LoanStatusCode, MessageKey } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { httpError } from '#app/errors.ts';
import type { LoanTransition } from './loan-states.ts';
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
 * (saying so plainly once the lender has decided).
 */
export async function moveApplication(
  tx: Database,
  { id, userId, name, now, changes, refusal = 'loan.transitionNotAllowed' }: CustomerMove,
) {
  const repository = createLoanRepository(tx);
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

function isDecided(status: LoanStatusCode): boolean {
  return status === 'approved' || status === 'rejected';
}
