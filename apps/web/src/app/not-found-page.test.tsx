import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerFixture, jsonResponse, type ApiAnswer } from '../test/api-fixtures';
import { renderApp } from '../test/render-app';
import { session } from '../shared/session/session';
import type { SessionUser } from '@sesxi/contract';
import { officerFixture } from '../features/decisions/test-fixtures';
import { questionnaireAnswers } from '../features/questionnaire/questionnaire-fixtures';
import { supportStaffFixture } from '../features/support/test-fixtures';

const notFound = () => jsonResponse({ status: 'error', message: 'ჩანაწერი ვერ მოიძებნა' }, 404);

/** `path` opened by `user`, the API answering `answers`. */
function open(user: SessionUser, path: string, answers: Record<string, ApiAnswer> = {}) {
  session.set(user);
  return renderApp(path, answers);
}

async function expectNotFound(wayBack: string, href: string) {
  expect(
    // The screens load lazily: give a busy machine time.
    await screen.findByRole(
      'heading',
      { level: 1, name: 'გვერდი ვერ მოიძებნა' },
      { timeout: 5000 },
    ),
  ).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  await waitFor(() => {
    expect(document.title).toMatch(/^გვერდი ვერ მოიძებნა/);
  });
  expect(screen.getByRole('link', { name: wayBack })).toHaveAttribute('href', href);
  expect(screen.queryByText('გთხოვთ, გაასწოროთ მონიშნული ველები')).not.toBeInTheDocument();
}

describe('a screen for an id that cannot be one', () => {
  it.each([
    '/loan-edit/abc',
    '/questionnaire-review/1e3',
    '/credit-info/-4',
    '/credit-info/0/identification',
  ])('%s: not found, back to /main, nothing asked of the server', async (path) => {
    const { fetchMock } = open(customerFixture, path);
    await expectNotFound('პირად გვერდზე დაბრუნება', '/main');
    const asked = fetchMock.mock.calls.map(([url]) => url as string);
    expect(asked.filter((url) => /loan-edit|credit-info/.test(url))).toEqual([]);
  });

  it('/checking/users/abc: not found for support, back to the users', async () => {
    open(supportStaffFixture, '/checking/users/abc');
    await expectNotFound('მომხმარებლების სიაზე დაბრუნება', '/checking');
  });

  it('/applications/abc: not found for a credit officer, back to the applications', async () => {
    open(officerFixture, '/applications/abc');
    await expectNotFound('განაცხადების სიაზე დაბრუნება', '/applications');
  });
});

describe('a screen for a record the server does not know (404)', () => {
  it('/loan-edit/999999', async () => {
    open(customerFixture, '/loan-edit/999999', { 'GET /api/loan-edit/999999': notFound });
    await expectNotFound('პირად გვერდზე დაბრუნება', '/main');
    expect(screen.queryByText('ჩანაწერი ვერ მოიძებნა')).not.toBeInTheDocument();
  });

  it('/questionnaire-review/999999: no questionnaire form for an application that is not there', async () => {
    open(customerFixture, '/questionnaire-review/999999', {
      ...questionnaireAnswers,
      'GET /api/credit-info/999999': notFound,
    });
    await expectNotFound('პირად გვერდზე დაბრუნება', '/main');
    expect(screen.queryByLabelText('ხელფასი')).not.toBeInTheDocument();
  });

  it('/credit-info/999999 and its identification', async () => {
    open(customerFixture, '/credit-info/999999/identification', {
      'GET /api/credit-info/999999': notFound,
    });
    await expectNotFound('პირად გვერდზე დაბრუნება', '/main');
    expect(screen.queryByRole('button', { name: 'SSO ავტორიზაცია' })).not.toBeInTheDocument();
  });

  it('/checking/users/999999 for support', async () => {
    open(supportStaffFixture, '/checking/users/999999', {
      'GET /api/checking/users/999999': notFound,
    });
    await expectNotFound('მომხმარებლების სიაზე დაბრუნება', '/checking');
  });

  it('/applications/999999 for a credit officer', async () => {
    open(officerFixture, '/applications/999999', {
      'GET /api/applications/999999': notFound,
    });
    await expectNotFound('განაცხადების სიაზე დაბრუნება', '/applications');
  });

  it('leads back to /main when followed', async () => {
    const { user, router } = open(customerFixture, '/loan-edit/abc');
    await user.click(await screen.findByRole('link', { name: 'პირად გვერდზე დაბრუნება' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/main');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'პირადი გვერდი' })).toBeVisible();
  });
});

describe('an address that leads nowhere', () => {
  it('sends a visitor who is not signed in to the home page', async () => {
    renderApp('/no-such-page');
    await expectNotFound('მთავარ გვერდზე დაბრუნება', '/');
  });
});
