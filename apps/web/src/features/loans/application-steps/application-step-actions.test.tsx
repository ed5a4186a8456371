import { screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, requestsTo, type ApiAnswer } from '../../../test/api-fixtures';
import { renderRoutes } from '../../../test/render';
import { NotificationOutlet } from '../../../shared/notifications/notification-outlet';
import { ApplicationStepActions } from './application-step-actions';

function renderStep(
  loanId: number | undefined,
  cancel: ApiAnswer = () => jsonResponse({ status: 'success' }),
) {
  const fetchMock = mockApi({ 'POST /api/credit-info/4/cancel': cancel });
  const view = renderRoutes(
    [
      {
        element: (
          <>
            <NotificationOutlet />
            <Outlet />
          </>
        ),
        children: [
          {
            path: '/step',
            element: (
              <form>
                <ApplicationStepActions loanId={loanId} back="/previous" />
              </form>
            ),
          },
          { path: '/main', element: <h1>პირადი გვერდი</h1> },
        ],
      },
    ],
    '/step',
  );
  return { fetchMock, ...view };
}

describe('ApplicationStepActions', () => {
  it('cancels the application, then says so on /main', async () => {
    const { user, fetchMock, router } = renderStep(4);
    expect(screen.getByRole('link', { name: 'უკან' })).toHaveAttribute('href', '/previous');
    expect(screen.getByRole('button', { name: 'გაგრძელება' })).toHaveAttribute('type', 'submit');
    await user.click(screen.getByRole('button', { name: 'განაცხადის გაუქმება' }));
    expect(await screen.findByRole('heading', { name: 'პირადი გვერდი' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('განაცხადი გაუქმებულია');
    expect(requestsTo(fetchMock, 'POST /api/credit-info/4/cancel')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/main');
  });

  it('stays with the server’s words when the application cannot be cancelled', async () => {
    const message = 'განაცხადის ამჟამინდელ მდგომარეობაში ეს მოქმედება შეუძლებელია';
    const { user, router } = renderStep(4, () => jsonResponse({ status: 'error', message }, 409));
    await user.click(screen.getByRole('button', { name: 'განაცხადის გაუქმება' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/step');
    expect(screen.getByRole('button', { name: 'განაცხადის გაუქმება' })).toBeEnabled();
  });

  it('without an application, cancel only leaves for /main', async () => {
    const { fetchMock } = renderStep(undefined);
    expect(screen.getByRole('link', { name: 'გაუქმება' })).toHaveAttribute('href', '/main');
    expect(screen.queryByRole('button', { name: 'განაცხადის გაუქმება' })).not.toBeInTheDocument();
    await vi.waitFor(() => {
      expect(fetchMock).not.toHaveBeenCalled();
    });
  });
});
