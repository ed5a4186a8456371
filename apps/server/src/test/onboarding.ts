import type { QuestionnaireInput } from '@sesxi/contract';
import type { FastifyInstance } from 'fastify';
import { createSdaService } from '#app/modules/sda/index.ts';
import { createSessionRepository, createSessionService } from '#app/modules/sessions/index.ts';
import type { User } from '#app/modules/users/index.ts';
import { bearer } from './accounts.ts';
import { insertCustomer } from './users.ts';

/** A customer and the bearer token of a live session of theirs. */
export interface SignedInCustomer {
  user: User;
  token: string;
}

/** A session for `userId`, as login would start it; answers the bearer token. */
export function startSession(app: FastifyInstance, userId: number): Promise<string> {
  return createSessionService(createSessionRepository(app.database.db), app.clock).start(userId);
}

/** The consent the /sda-checking screen sends. */
export function checkSda(app: FastifyInstance, token: string, body: object = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/sda-checking',
    headers: { ...bearer(token), 'user-agent': 'vitest-browser/1.0' },
    payload: { sda_agreed_at: '2026-11-23 14:00:00', is_sda_verified: true, ...body },
  });
}

/** A filled-in questionnaire, as the form sends it (Georgian decimal comma included). */
export const questionnaireAnswers = {
  city_id: 1,
  address: 'ჭავჭავაძის გამზირი 1',
  organisation_name: 'შპს მაგალითი',
  position: 'ბუღალტერი',
  salary: '1500,50',
  has_transfer: false,
  monthly_expenses: 400,
  total_financial_liability: 0,
  is_political_active: 0,
  is_individual_entrepreneur: 0,
} satisfies QuestionnaireInput;

export function saveQuestionnaire(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown> = questionnaireAnswers,
) {
  return app.inject({
    method: 'POST',
    url: '/api/questionnaires',
    headers: { ...bearer(token), 'user-agent': 'vitest-browser/1.0' },
    payload: body,
  });
}

/**
 * A signed-in customer who passed the sandbox's personal-data check, consent in the ledger.
 * It goes through the SDA service rather than the route, whose per-address cap suites that
 * make many customers would hit. The personal number ends like `phone`: avoid phones ending
 * in 91 or 92, which the sandbox registry refuses or cannot reach.
 */
export async function sdaVerifiedCustomer(
  app: FastifyInstance,
  { phone }: { phone: string },
): Promise<SignedInCustomer> {
  const user = await insertCustomer(app, { phone });
  const sda = createSdaService({
    db: app.database.db,
    clock: app.clock,
    log: app.log,
    registry: app.sdaRegistry,
  });
  const evidence = { agreedAt: app.clock.now(), ip: '127.0.0.1', userAgent: 'vitest-browser/1.0' };
  const outcome = await sda.check(user, evidence);
  if (outcome !== 'success') throw new Error(`the SDA check of ${phone} answered ${outcome}`);
  return { user: { ...user, isSdaVerified: true }, token: await startSession(app, user.id) };
}

/** A signed-in customer past both onboarding gates: SDA-verified, questionnaire saved. */
export async function onboardedCustomer(
  app: FastifyInstance,
  { phone, answers = questionnaireAnswers }: { phone: string; answers?: Record<string, unknown> },
): Promise<SignedInCustomer> {
  const customer = await sdaVerifiedCustomer(app, { phone });
  const saved = await saveQuestionnaire(app, customer.token, answers);
  if (saved.statusCode !== 200) throw new Error(`saving the questionnaire failed: ${saved.body}`);
  return customer;
}
