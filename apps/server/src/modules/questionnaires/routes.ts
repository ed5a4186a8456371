import {
  localeFromAcceptLanguage,
  questionnaireOptions,
  questionnaireSave,
  questionnaireShow,
} from '@sesxi/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { accountOf, rowsReadWithSession } from '#app/plugins/authentication.ts';
import { evidenceOf } from '#app/modules/consents/index.ts';
import { serviceContext } from '#app/service-context.ts';
import { questionnaireOfSessionUser } from './repository.ts';
import { createQuestionnaireService } from './service.ts';

/** The questionnaire comes after the personal-data check, on the server as on the screens. */
export const questionnaireRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const service = (request: FastifyRequest) =>
    createQuestionnaireService(serviceContext(app, request));

  app.get(questionnaireOptions.path, { schema: schemaOf(questionnaireOptions) }, (request) =>
    service(request).options(localeFromAcceptLanguage(request.headers['accept-language'])),
  );

  // The questionnaire is read by the sign-in check, with the session: one round trip.
  app.get(
    questionnaireShow.path,
    {
      schema: schemaOf(questionnaireShow),
      config: { readWithSession: questionnaireOfSessionUser },
    },
    (request) => {
      const [shown] = rowsReadWithSession(request, questionnaireOfSessionUser);
      if (!shown) throw new Error('the questionnaire’s read answered no row');
      return service(request).show(shown);
    },
  );

  app.post(questionnaireSave.path, { schema: schemaOf(questionnaireSave) }, async (request) => {
    const { ip, userAgent } = evidenceOf(request, app.clock.now());
    const questionnaire = await service(request).save(accountOf(request).user.id, request.body, {
      ip,
      userAgent,
    });
    return { status: 'success' as const, questionnaire };
  });
  done();
};
