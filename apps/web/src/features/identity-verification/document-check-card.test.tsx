import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { customerFixture, jsonResponse, mockApi, requestsTo } from '../../test/api-fixtures';
import { renderRoutes } from '../../test/render';
import { renderApp } from '../../test/render-app';
import { session } from '../../shared/session/session';
import { DocumentCheckCard } from './document-check-card';

const startCall = 'POST /api/identomat/session';
const startButton = () => screen.getByRole('button', { name: 'დოკუმენტის შემოწმების დაწყება' });

function renderCard(answers: Parameters<typeof mockApi>[0], verified = false) {
  session.set({ ...customerFixture, is_identomat_verified: verified });
  const fetchMock = mockApi(answers);
  return { fetchMock, ...renderRoutes([{ path: '*', Component: DocumentCheckCard }]) };
}

describe('the document check on /main', () => {
  it('is offered on /main to a customer whose document is not verified', async () => {
    session.set({ ...customerFixture, is_identomat_verified: false });
    renderApp('/main');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'დოკუმენტის შემოწმება' }),
    ).toBeInTheDocument();
  });

  it('is not offered to a customer whose document is verified', () => {
    renderCard({}, true);
    expect(screen.queryByRole('heading', { name: 'დოკუმენტის შემოწმება' })).not.toBeInTheDocument();
  });

  it('explains the check and sends the browser to the provider’s page', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ assign } as unknown as Location);
    const url = 'http://localhost:3000/dev-identomat/session-1';
    const { user, fetchMock } = renderCard({
      [startCall]: () => jsonResponse({ status: 'success', session_token: 'session-1', url }),
    });
    expect(screen.getByRole('region', { name: 'დოკუმენტის შემოწმება' })).toHaveTextContent(
      /პირადობის მოწმობას ან პასპორტს/,
    );

    await user.click(startButton());
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith(url);
    });
    expect(requestsTo(fetchMock, startCall)).toHaveLength(1);
    // Until the provider's page replaces this one, a second press would start a second session.
    expect(startButton()).toBeDisabled();
  });

  it('is disabled while the session is being started', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user } = renderCard({
      [startCall]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await user.click(startButton());
    expect(startButton()).toBeDisabled();
    answer(jsonResponse({ status: 'error', message: 'სერვისთან დაკავშირება ვერ ხერხდება' }, 503));
    await waitFor(() => {
      expect(startButton()).toBeEnabled();
    });
  });

  it('says the service cannot be reached when the provider is down, and lets the customer retry', async () => {
    const { user, fetchMock } = renderCard({
      [startCall]: () => jsonResponse({ status: 'error', message: 'Service Unavailable' }, 503),
    });
    await user.click(startButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'სერვისთან დაკავშირება ვერ ხერხდება',
    );
    expect(startButton()).toBeEnabled();
    await user.click(startButton());
    await waitFor(() => {
      expect(requestsTo(fetchMock, startCall)).toHaveLength(2);
    });
  });

  it('says the same when the connection is lost', async () => {
    const { user } = renderCard({
      [startCall]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await user.click(startButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'სერვისთან დაკავშირება ვერ ხერხდება',
    );
    expect(startButton()).toBeEnabled();
  });

  it('shows the server’s own message for other refusals', async () => {
    const { user } = renderCard({
      [startCall]: () =>
        jsonResponse(
          { status: 'error', message: 'ძალიან ბევრი მცდელობა, გთხოვთ, სცადოთ მოგვიანებით' },
          429,
        ),
    });
    await user.click(startButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ძალიან ბევრი მცდელობა, გთხოვთ, სცადოთ მოგვიანებით',
    );
  });
});
