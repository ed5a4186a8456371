import { appRoutes } from '../app/router';
import { contactFixture, jsonResponse, mockApi, type ApiAnswer } from './api-fixtures';
import { renderRoutes, type RenderOptions } from './render';

/**
 * The whole app at `path`, with the shell's contact call and /main's list of applications (none)
 * answered, and `answers` for the rest.
 */
export function renderApp(
  path: string,
  answers: Record<string, ApiAnswer> = {},
  options: RenderOptions = {},
) {
  const fetchMock = mockApi({
    'GET /api/app/contact/main': () => jsonResponse(contactFixture),
    'GET /api/loans-show': () => jsonResponse({ status: 'success', loans: [] }),
    ...answers,
  });
  return { fetchMock, ...renderRoutes(appRoutes(), path, options) };
}
