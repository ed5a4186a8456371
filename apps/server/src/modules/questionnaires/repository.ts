import type { Locale, QuestionnaireValues } from '@sesxi/contract';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { lookupExists, lookupNames } from '#app/db/lookups.ts';
import { aliasedColumns, columnDecoder } from '#app/db/prepared.ts';
import { activitySpheres, cities, questionnaireHistory, questionnaires } from '#app/db/schema.ts';
import { latestWordingSql, type LatestWordingJson } from '#app/modules/consents/index.ts';
import { sessionRead, signedInUserId } from '#app/modules/sessions/index.ts';

export type QuestionnaireRow = typeof questionnaires.$inferSelect;

/** What `GET /api/questionnaires` shows: the customer's questionnaire and the privacy policy. */
export interface ShownQuestionnaire {
  questionnaire: QuestionnaireRow | null;
  /** The newest privacy policy; null only in a database without the seed's. */
  privacyPolicy: LatestWordingJson | null;
}

const questionnaireColumns = getTableColumns(questionnaires);
const decodeQuestionnaire = columnDecoder(questionnaireColumns);

/**
 * `GET /api/questionnaires`'s read (one row: the signed-in customer's questionnaire or null,
 * and the privacy policy's wording) done by its sign-in check, in the session's statement.
 */
export const questionnaireOfSessionUser = sessionRead<ShownQuestionnaire>(
  'session_questionnaire_of_customer',
  {
    rows: sql`select (select row_to_json("own") from (
        select ${aliasedColumns(questionnaireColumns)} from ${questionnaires}
        where ${questionnaires.userId} = ${signedInUserId}) as "own") as "questionnaire",
      ${latestWordingSql('privacy_policy')} as "privacyPolicy"`,
    decodeRow: ({ questionnaire }) => {
      if (questionnaire) decodeQuestionnaire(questionnaire);
    },
  },
);

/** Where a save came from, kept with each version in the history. */
export interface SaveOrigin {
  savedAt: Date;
  ip: string;
  userAgent: string;
}

export function createQuestionnaireRepository(db: Database) {
  return {
    cities: (locale: Locale) => lookupNames(db, cities, locale),
    activitySpheres: (locale: Locale) => lookupNames(db, activitySpheres, locale),
    cityExists: (id: number) => lookupExists(db, cities, id),
    activitySphereExists: (id: number) => lookupExists(db, activitySpheres, id),

    async ofUser(userId: number): Promise<QuestionnaireRow | undefined> {
      const [row] = await db.select().from(questionnaires).where(eq(questionnaires.userId, userId));
      return row;
    },

    /** Whether the user has filled in the questionnaire: the one place this is decided. */
    async existsFor(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: questionnaires.id })
        .from(questionnaires)
        .where(eq(questionnaires.userId, userId));
      return row !== undefined;
    },

    /** Creates the user's one questionnaire or overwrites it in place. */
    async upsert(
      userId: number,
      values: QuestionnaireValues,
      now: Date,
    ): Promise<QuestionnaireRow> {
      const columns = {
        cityId: values.city_id,
        address: values.address,
        organisationName: values.organisation_name,
        position: values.position,
        salary: values.salary,
        hasTransfer: values.has_transfer,
        transfer: values.transfer,
        monthlyExpenses: values.monthly_expenses,
        totalFinancialLiability: values.total_financial_liability,
        monthlyLoanPayments: values.monthly_loan_payments,
        isPoliticalActive: values.is_political_active === 1,
        isEntrepreneur: values.is_entrepreneur,
        entrepreneurIncome: values.entrepreneur_income,
        activitySphereId: values.activity_sphere_id,
        hasPension: values.has_pension,
        pension: values.pension,
        updatedAt: now,
      };
      const [row] = await db
        .insert(questionnaires)
        .values({ userId, createdAt: now, ...columns })
        .onConflictDoUpdate({ target: questionnaires.userId, set: columns })
        .returning();
      if (!row) throw new Error('saving a questionnaire returned no row');
      return row;
    },

    async addHistory(
      questionnaireId: number,
      values: QuestionnaireValues,
      origin: SaveOrigin,
    ): Promise<void> {
      await db.insert(questionnaireHistory).values({ questionnaireId, values, ...origin });
    },
  };
}

export type QuestionnaireRepository = ReturnType<typeof createQuestionnaireRepository>;
