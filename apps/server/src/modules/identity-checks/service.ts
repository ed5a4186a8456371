import {
  translate,
  type identomatResult,
  type identomatStart,
  type Locale,
  type ResponseOf,
} from '@sesxi/contract';
import { httpError } from '#app/errors.ts';
import { recordEvent } from '#app/metrics/business-events.ts';
import {
  identomatResultSchema,
  type DocumentHolder,
  type DocumentVerifier,
} from '#app/integrations/identomat/document-verifier.ts';
import type { UserProfile } from '#app/modules/users/index.ts';
import type { ServiceContext } from '#app/service-context.ts';
import { compareWithDocument, isVerified } from './comparison.ts';
import { createIdentityCheckRepository, type CheckOutcome } from './repository.ts';

interface IdentityCheckDependencies extends ServiceContext {
  verifier: DocumentVerifier;
}

type Verdict = ResponseOf<typeof identomatResult>;

export function createIdentityCheckService({
  db,
  clock,
  log,
  verifier,
}: IdentityCheckDependencies) {
  const repository = createIdentityCheckRepository(db);

  async function holderOf(customer: UserProfile): Promise<DocumentHolder> {
    const typeCode =
      customer.documentTypeId === null
        ? undefined
        : await repository.documentTypeCode(customer.documentTypeId);
    return {
      personalNumber: customer.identityNumber ?? '',
      name: customer.name,
      surname: customer.surname,
      documentType: typeCode === 'passport' ? 'passport' : 'id',
      documentNumber: customer.documentNumber ?? '',
    };
  }

  return {
    /** Begins a verification at the provider and keeps it as the customer's pending check. */
    async start(customer: UserProfile): Promise<ResponseOf<typeof identomatStart>> {
      const session = await verifier.begin(await holderOf(customer));
      await repository.insertPending(customer.id, session.sessionToken, clock.now());
      recordEvent(log, 'identomat_started', {}, 'document verification started');
      return { status: 'success', session_token: session.sessionToken, url: session.url };
    },

    /**
     * The verdict on one of the customer's checks. The provider is asked until it has a result;
     * once stored, the stored verdict is answered without asking again.
     */
    async verdict(customer: UserProfile, sessionToken: string, locale: Locale): Promise<Verdict> {
      const check = await repository.findOf(customer.id, sessionToken);
      if (!check) throw httpError(404, 'errors.notFound');
      if (check.outcome !== null) return verdictOf(check.outcome, check.result, locale);

      const result = await verifier.result(sessionToken);
      if (!result) {
        recordEvent(log, 'identomat_unfinished', {}, 'document verification not finished');
        return verdictOf('failure', null, locale);
      }
      const comparison = compareWithDocument(customer, result);
      const outcome = isVerified(result, comparison) ? 'success' : 'failure';
      if (await repository.complete(check, { result, outcome, now: clock.now() })) {
        recordEvent(
          log,
          outcome === 'success' ? 'identomat_verified' : 'identomat_failed',
          {
            providerResult: result.result,
            mismatches: comparison.filter((row) => !row.matches).map((row) => row.field),
          },
          'document verification judged',
        );
      }
      return verdictOf(outcome, result, locale);
    },
  };
}

/** A failure says the provider's reason when it gave one, the spec's default text otherwise. */
function verdictOf(outcome: CheckOutcome, result: unknown, locale: Locale): Verdict {
  if (outcome === 'success') {
    return { status: 'success', text: translate('identomat.verified', locale) };
  }
  const reason = identomatResultSchema.safeParse(result).data?.reject_reason?.description?.trim();
  return { status: 'failure', text: reason || translate('identomat.failed', locale) };
}
