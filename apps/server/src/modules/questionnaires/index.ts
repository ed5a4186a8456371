export { createQuestionnaireRepository, type QuestionnaireRow } from './repository.ts';
export { questionnaireRoutes } from './routes.ts';
export { currentQuestionnaire } from './service.ts';
