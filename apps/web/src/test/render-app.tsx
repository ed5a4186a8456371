import { seededPageContent } from '@sesxi/contract/content-seed';
import { appRoutes } from '../app/router';
import { contactFixture, jsonResponse, mockApi, type ApiAnswer } from './api-fixtures';
import { renderRoutes, type RenderOptions } from './render';

/**
 * The whole app at `path`, with the shell's contact call, /main's list of applications (none)
 * and the seeded page texts answered, and `answers` for the rest.
 */
export function renderApp(
  path: string,
  answers: Record<string, ApiAnswer> = {},
  options: RenderOptions = {},
) {
  const fetchMock = mockApi({
    'GET /api/app/contact/main': () => jsonResponse(contactFixture),
    'GET /api/loans-show': () => jsonResponse({ status: 'success', loans: [] }),
    ...seededContentAnswers(),
    ...answers,
  });
  return { fetchMock, ...renderRoutes(appRoutes(), path, options) };
}

/** The pages' texts as the server seeds them (version 1), in the language asked for. */
export function seededContentAnswers(): Record<string, ApiAnswer> {
  return Object.fromEntries(
    Object.entries(seededPageContent).map(([key, byLocale]) => [
      `GET /api/content/${key}`,
      (_body: unknown, query: URLSearchParams) => {
        const locale = query.get('locale') === 'en' ? 'en' : 'ka';
        return jsonResponse({
          status: 'success',
          content: { key, locale, version: 1, html: byLocale[locale] },
        });
      },
    ]),
  );
}
