import { translate, type MessageKey, type PtiLimits } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { httpError, type Message } from '#app/errors.ts';
import type { FileStorage } from '#app/integrations/storage/file-storage.ts';
import type { SmsQueue } from '#app/modules/sms/index.ts';
import { createAccessLogRepository, type AccessAction } from '#app/modules/access-log/index.ts';
import type { ServiceContext } from '#app/service-context.ts';
import type { EnqueueWebhook } from '#app/modules/webhooks/index.ts';
import { createDecisionRepository, type DecisionRow } from './repository.ts';
import { decidingRefusal, type Officer } from './who-decides.ts';

/** What the decision service is made with for one request. */
export interface DecisionDependencies extends ServiceContext {
  storage: FileStorage;
  sms: SmsQueue;
  productName: string;
  ptiLimits: PtiLimits;
  secondOfficerFrom: number;
  /** Whether a service account may make an approval that waits for a second officer. */
  machineFirstOfficer: boolean;
  enqueueWebhook: EnqueueWebhook;
  /** How many days a final approval's binding offer stands (`OFFER_VALID_DAYS`). */
  offerValidDays: number;
  /** The business date (modules/business-date), read with the handle given. */
  businessDate: (db: Database) => Promise<string>;
}

/** The amount and months of a loan: what an officer approves. */
export interface Terms {
  amount: number;
  months: number;
}

/** The approval still waiting for a second officer: the last decision, when it is an approval. */
export function pendingApproval(decisions: DecisionRow[], status: string): DecisionRow | undefined {
  const last = decisions.at(-1);
  return status === 'under_review' && last?.kind === 'approval' ? last : undefined;
}

/** What says who holds an application: its status, its assigned officer and its decisions. */
export interface Holdable {
  status: string;
  assignedOfficerId: number | null;
  /** Oldest first. */
  decisions: DecisionRow[];
}

/**
 * The officer who holds the application, and so alone decides it (a colleague first takes it
 * over), or null when nobody does: the officer it is assigned to while it is under review. An
 * approval awaiting a second officer is any second officer's to confirm or reject while its
 * first officer still holds the application; once a second officer takes it over, it is theirs.
 */
function holderOf({ status, assignedOfficerId, decisions }: Holdable): number | null {
  if (status !== 'under_review') return null;
  return pendingApproval(decisions, status)?.officer.id === assignedOfficerId
    ? null
    : assignedOfficerId;
}

/** Whether a colleague holds the application, so `officer` must take it over before deciding. */
export function heldByColleague(officer: Pick<Officer, 'userId'>, application: Holdable): boolean {
  const holder = holderOf(application);
  return holder !== null && holder !== officer.userId;
}

/**
 * What the queue, review, approval and rejection parts share: the dependencies, the repository
 * on the root handle, and the steps every decision takes (the access log, the refusal, the
 * locked application, the customer's text).
 */
export function createDecisionContext(dependencies: DecisionDependencies) {
  const { db, clock, log, sms, productName } = dependencies;
  const repository = createDecisionRepository(db);

  /** Records that the officer read these customers' data (the access log the law asks for). */
  async function logRead(
    officer: Officer,
    action: AccessAction,
    subjects: number[],
    details: object,
  ) {
    log.info(
      { event: 'officer_read', action, subjects: subjects.length },
      'officer read customers’ data',
    );
    await createAccessLogRepository(db).append({
      actorUserId: officer.userId,
      subjectUserIds: subjects,
      action,
      details: { ...details },
      ip: officer.ip,
      at: clock.now(),
    });
  }

  /** 403 for what the officer may not do, logged as a refused access. */
  function refusal(officer: Officer, id: number, key: MessageKey) {
    log.warn(
      { event: 'access_denied', reason: key, loanId: id, officerId: officer.userId },
      'the officer may not decide this',
    );
    return httpError(403, key);
  }

  /**
   * The application's row locked for this transaction (decisions on it take turns), with its
   * decisions, when the officer may decide it: 404 for none, 403 for their own or an officer
   * without a personal number.
   */
  async function lockDecidable(tx: Database, officer: Officer, id: number) {
    const locked = createDecisionRepository(tx);
    const application = await locked.lock(id);
    if (!application) throw httpError(404, 'errors.notFound');
    const refused = decidingRefusal(officer, {
      userId: application.userId,
      personalNumbers: [application.identityNumber, application.identifiedPersonalNumber],
    });
    if (refused) throw refusal(officer, id, refused);
    return { ...application, decisions: await locked.decisions(id) };
  }

  /** 409 when a colleague holds the application: the officer holding it decides. */
  function refuseUnlessHolder(officer: Officer, application: Holdable) {
    if (heldByColleague(officer, application)) throw httpError(409, 'decision.heldByColleague');
  }

  /** A submitted application (officers never see drafts); 404 otherwise. */
  async function applicationOr404(id: number) {
    const application = await repository.application(id);
    const submittedAt = application?.submittedAt;
    if (!application || !submittedAt) throw httpError(404, 'errors.notFound');
    return { ...application, submittedAt };
  }

  /** The customer's text about a decision, queued with it (the customer also reads it on /main). */
  function queueText(tx: Database, application: { id: number; phone: string }, message: Message) {
    return sms.queue(tx, {
      phone: application.phone,
      text: translate(message.key, 'ka', {
        product: productName,
        id: application.id,
        ...message.params,
      }),
    });
  }

  return {
    ...dependencies,
    repository,
    logRead,
    refusal,
    lockDecidable,
    refuseUnlessHolder,
    applicationOr404,
    queueText,
  };
}

export type DecisionContext = ReturnType<typeof createDecisionContext>;

/** A submitted application as the review screen reads it. */
export type SubmittedApplication = Awaited<ReturnType<DecisionContext['applicationOr404']>>;
