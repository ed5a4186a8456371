import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  bodiesSentTo,
  customerFixture,
  jsonResponse,
  ok,
  requestsTo,
  type ApiAnswer,
} from '../../../test/api-fixtures';
import { renderApp } from '../../../test/render-app';
import { session } from '../../../shared/session/session';

async function logOutFromTheHeader(answers: Record<string, ApiAnswer>) {
  session.set(customerFixture);
  const app = renderApp('/', answers, { strict: true });
  await app.user.click(await screen.findByRole('button', { name: 'ნინო კაპანაძე' }));
  await app.user.click(within(await screen.findByRole('menu')).getByText('გასვლა'));
  await waitFor(() => {
    expect(app.router.state.location.pathname).toBe('/login');
  });
  return app;
}

describe('/logout', () => {
  it('ends the session on the server once, forgets the user and goes to /login', async () => {
    const { fetchMock } = await logOutFromTheHeader({ 'POST /api/logout': ok });
    const calls = requestsTo(fetchMock, 'POST /api/logout');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-abc');
    expect(session.get()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(await screen.findByRole('link', { name: 'შესვლა' })).toBeInTheDocument();
  });

  it('forgets the user even when the server cannot be told', async () => {
    const { fetchMock } = await logOutFromTheHeader({
      'POST /api/logout': () =>
        jsonResponse({ status: 'error', message: 'სერვისთან დაკავშირება ვერ ხერხდება' }, 503),
    });
    expect(bodiesSentTo(fetchMock, 'POST /api/logout')).toHaveLength(1);
    expect(session.get()).toBeNull();
  });
});
