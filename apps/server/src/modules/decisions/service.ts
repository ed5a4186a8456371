import { createApproval } from './approval.ts';
import { createDecisionContext, type DecisionDependencies } from './context.ts';
import { createPaperwork } from './paperwork.ts';
import { createQueue } from './queue.ts';
import { createRejection } from './rejection.ts';
import { createReview } from './review.ts';

export type { DecisionDependencies, Terms } from './context.ts';

/**
 * Underwriting for one request: the queue, the review of an application and its paperwork, approvals (with four
 * eyes above the threshold) and rejections. Each part lives in its own file; they share the
 * context's steps (the access log, the locked application, the customer's text).
 */
export function createDecisionService(dependencies: DecisionDependencies) {
  const context = createDecisionContext(dependencies);
  return {
    ...createQueue(context),
    ...createReview(context),
    ...createPaperwork(context),
    ...createApproval(context),
    ...createRejection(context),
  };
}

export type DecisionService = ReturnType<typeof createDecisionService>;
