import {
  formatTimestamp,
  type Locale,
  type Questionnaire,
  type QuestionnaireValues,
  type questionnaireOptions,
  type questionnaireShow,
  type ResponseOf,
} from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { HttpError, type Message } from '#app/errors.ts';
import type { ServiceContext } from '#app/service-context.ts';
import {
  createQuestionnaireRepository,
  type QuestionnaireRow,
  type SaveOrigin,
  type ShownQuestionnaire,
} from './repository.ts';

export function createQuestionnaireService({ db, clock, log }: ServiceContext) {
  const repository = createQuestionnaireRepository(db);

  /** Rules the schema cannot check: the lookups exist. */
  async function refuseInvalid(values: QuestionnaireValues): Promise<void> {
    const problems: Record<string, Message[]> = {};
    if (!(await repository.cityExists(values.city_id))) {
      problems.city_id = [{ key: 'validation.lookup' }];
    }
    if (
      values.activity_sphere_id !== null &&
      !(await repository.activitySphereExists(values.activity_sphere_id))
    ) {
      problems.activity_sphere_id = [{ key: 'validation.lookup' }];
    }
    if (Object.keys(problems).length > 0) {
      throw new HttpError(422, 'errors.validation', { fields: problems });
    }
  }

  return {
    async options(locale: Locale): Promise<ResponseOf<typeof questionnaireOptions>> {
      const [cities, activitySpheres] = await Promise.all([
        repository.cities(locale),
        repository.activitySpheres(locale),
      ]);
      return { status: 'success', cities, activitySpheres };
    },

    /** The answer for what `questionnaireOfSessionUser` read. */
    show({
      questionnaire,
      privacyPolicy,
    }: ShownQuestionnaire): ResponseOf<typeof questionnaireShow> {
      if (!privacyPolicy) throw new Error('no privacy_policy wording: the seed adds one');
      return {
        status: 'success',
        questionnaire: questionnaire ? questionnaireOf(questionnaire) : null,
        privacy_policy_agreement_text: privacyPolicy.body,
        privacy_policy_info_version: privacyPolicy.version,
        privacy_policy_info_sha256: privacyPolicy.sha256,
      };
    },

    /**
     * Creates or overwrites the user's one questionnaire and keeps the version in its history,
     * in one transaction. The values are the contract's transform of the body: conditional
     * amounts are already null unless their box is set.
     */
    async save(
      userId: number,
      values: QuestionnaireValues,
      origin: Omit<SaveOrigin, 'savedAt'>,
    ): Promise<Questionnaire> {
      await refuseInvalid(values);
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const questionnaires = createQuestionnaireRepository(tx);
        const saved = await questionnaires.upsert(userId, values, now);
        await questionnaires.addHistory(saved.id, values, { savedAt: now, ...origin });
        return saved;
      });
      log.info({ event: 'questionnaire_saved', userId, questionnaireId: row.id }, 'saved');
      return questionnaireOf(row);
    },
  };
}

/** The customer's questionnaire under the spec's field names, as it stands; none before the first save. */
export async function currentQuestionnaire(
  db: Database,
  userId: number,
): Promise<Questionnaire | undefined> {
  const row = await createQuestionnaireRepository(db).ofUser(userId);
  return row && questionnaireOf(row);
}

/** The stored questionnaire under the spec's field names. */
function questionnaireOf(row: QuestionnaireRow): Questionnaire {
  return {
    id: row.id,
    city_id: row.cityId,
    address: row.address,
    organisation_name: row.organisationName,
    position: row.position,
    salary: row.salary,
    has_transfer: row.hasTransfer,
    transfer: row.transfer,
    monthly_expenses: row.monthlyExpenses,
    total_financial_liability: row.totalFinancialLiability,
    monthly_loan_payments: row.monthlyLoanPayments,
    is_political_active: row.isPoliticalActive ? 1 : 0,
    is_individual_entrepreneur: row.isEntrepreneur ? 1 : 0,
    is_entrepreneur: row.isEntrepreneur,
    entrepreneur_income: row.entrepreneurIncome,
    activity_sphere_id: row.activitySphereId,
    has_pension: row.hasPension,
    pension: row.pension,
    updated_at: formatTimestamp(row.updatedAt),
  };
}
