import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerFixture, jsonResponse, requestsTo, type ApiAnswer } from '../../test/api-fixtures';
import { renderApp } from '../../test/render-app';
import { session } from '../../shared/session/session';

const resultCall = 'GET /api/identomat-user/session-1';

/** Comes back from the provider as its redirect does, signed in and not yet verified. */
function comeBack(query: string, answer?: ApiAnswer) {
  session.set({ ...customerFixture, is_identomat_verified: false });
  return renderApp(`/identomat${query}`, answer ? { [resultCall]: answer } : {}, { strict: true });
}

async function landOnMain(router: ReturnType<typeof comeBack>['router']) {
  await waitFor(() => {
    expect(router.state.location.pathname).toBe('/main');
  });
}

describe('/identomat, where the provider sends the customer back', () => {
  it('marks the stored user verified and says so, asking the server once', async () => {
    const { router, fetchMock } = comeBack('?session_token=session-1', () =>
      jsonResponse({ status: 'success', text: 'დოკუმენტი წარმატებით შემოწმდა' }),
    );
    await landOnMain(router);
    expect(await screen.findByRole('status')).toHaveTextContent('დოკუმენტი წარმატებით შემოწმდა');
    expect(session.get()?.is_identomat_verified).toBe(true);
    // StrictMode renders twice; the result must still be fetched once.
    expect(requestsTo(fetchMock, resultCall)).toHaveLength(1);
  });

  it('shows the server’s text when the check failed, and leaves the user unverified', async () => {
    const { router } = comeBack('?session_token=session-1', () =>
      jsonResponse({ status: 'failure', text: 'სახე არ ემთხვევა დოკუმენტის ფოტოს' }),
    );
    await landOnMain(router);
    expect(await screen.findByRole('alert')).toHaveTextContent('სახე არ ემთხვევა დოკუმენტის ფოტოს');
    expect(session.get()?.is_identomat_verified).toBe(false);
  });

  it('falls back to the spec’s message when a failure carries no text', async () => {
    const { router } = comeBack('?session_token=session-1', () =>
      jsonResponse({ status: 'failure', text: '' }),
    );
    await landOnMain(router);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'დოკუმენტის შემოწმება ვერ მოხერხდა, სცადეთ ხელახლა ან გამოიყენეთ სხვა ტიპის დოკუმენტი',
    );
  });

  it('says the service cannot be reached when the provider is down', async () => {
    const { router } = comeBack('?session_token=session-1', () =>
      jsonResponse({ status: 'error', message: 'Service Unavailable' }, 503),
    );
    await landOnMain(router);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'სერვისთან დაკავშირება ვერ ხერხდება',
    );
    expect(session.get()?.is_identomat_verified).toBe(false);
  });

  it('shows the server’s message for a session that is not the customer’s', async () => {
    const { router } = comeBack('?session_token=session-1', () =>
      jsonResponse({ status: 'error', message: 'მოთხოვნილი რესურსი ვერ მოიძებნა' }, 404),
    );
    await landOnMain(router);
    expect(await screen.findByRole('alert')).toHaveTextContent('მოთხოვნილი რესურსი ვერ მოიძებნა');
  });

  it('says the check failed without asking the server when the token is missing', async () => {
    const { router, fetchMock } = comeBack('');
    await landOnMain(router);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'დოკუმენტის შემოწმება ვერ მოხერხდა, სცადეთ ხელახლა ან გამოიყენეთ სხვა ტიპის დოკუმენტი',
    );
    const paths = fetchMock.mock.calls.map(([input]) => (typeof input === 'string' ? input : ''));
    expect(paths.filter((path) => path.startsWith('/api/identomat-user'))).toEqual([]);
  });

  it('sends a visitor who is not signed in to /login', async () => {
    const { router } = renderApp('/identomat?session_token=session-1');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
  });
});
