import type { MessageKey } from '@sesxi/contract';
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

/**
 * Moves the customer's application inside the transaction `tx`. An id that is not theirs
 * answers 404, exactly as one that does not exist; a state the move cannot leave answers 409.
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
  if (await repository.findOwned(id, userId)) throw httpError(409, refusal);
  throw httpError(404, 'errors.notFound');
}
