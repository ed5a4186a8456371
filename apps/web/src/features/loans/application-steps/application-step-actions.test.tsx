import { screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
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

const cancelButton = () => screen.getByRole('button', { name: 'განაცხადის გაუქმება' });
const dialog = () => screen.findByRole('dialog', { name: 'განაცხადის გაუქმება' });

describe('ApplicationStepActions', () => {
  it('keeps cancelling apart from back, in red', () => {
    renderStep(4);
    const back = screen.getByRole('link', { name: 'უკან' });
    expect(back).toHaveAttribute('href', '/previous');
    expect(screen.getByRole('button', { name: 'გაგრძელება' })).toHaveAttribute('type', 'submit');
    // Back and continue share a row; cancel sits below a rule, not beside back.
    expect(back.parentElement).not.toContainElement(cancelButton());
    expect(screen.getByRole('separator')).toBeInTheDocument();
    expect(cancelButton().getAttribute('style')).toContain(
      '--button-color: var(--mantine-color-red-9)',
    );
  });

  it('asks first: keeping the application closes the dialog, sends nothing and gives focus back', async () => {
    const { user, fetchMock } = renderStep(4);
    await user.click(cancelButton());
    const asked = await dialog();
    expect(asked).toHaveTextContent(
      'ნამდვილად გსურთ განაცხადის №4 გაუქმება? გაუქმებულ განაცხადს ვეღარ აღადგენთ, თუმცა შეგიძლიათ, შეავსოთ ახალი.',
    );
    const keep = within(asked).getByRole('button', { name: 'არა, განაცხადი დარჩეს' });
    await waitFor(() => {
      expect(keep).toHaveFocus();
    });
    await user.click(keep);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    await waitFor(() => {
      expect(cancelButton()).toHaveFocus();
    });
    expect(requestsTo(fetchMock, 'POST /api/credit-info/4/cancel')).toEqual([]);
  });

  it('cancels once confirmed, then says so on /main', async () => {
    const { user, fetchMock, router } = renderStep(4);
    await user.click(cancelButton());
    await user.click(within(await dialog()).getByRole('button', { name: 'დიახ, გააუქმეთ' }));
    expect(await screen.findByRole('heading', { name: 'პირადი გვერდი' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('განაცხადი გაუქმებულია');
    expect(requestsTo(fetchMock, 'POST /api/credit-info/4/cancel')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/main');
  });

  it('stays with the server’s words in the dialog when the application cannot be cancelled', async () => {
    const message = 'განაცხადის ამჟამინდელ მდგომარეობაში ეს მოქმედება შეუძლებელია';
    const { user, router } = renderStep(4, () => jsonResponse({ status: 'error', message }, 409));
    await user.click(cancelButton());
    const asked = await dialog();
    await user.click(within(asked).getByRole('button', { name: 'დიახ, გააუქმეთ' }));
    expect(await within(asked).findByRole('alert')).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/step');
    expect(within(asked).getByRole('button', { name: 'დიახ, გააუქმეთ' })).toBeEnabled();
  });

  it('without an application, cancel only leaves for /main', async () => {
    const { fetchMock } = renderStep(undefined);
    expect(screen.getByRole('link', { name: 'გაუქმება' })).toHaveAttribute('href', '/main');
    expect(screen.queryByRole('button', { name: 'განაცხადის გაუქმება' })).not.toBeInTheDocument();
    await waitFor(() => {
      expect(fetchMock).not.toHaveBeenCalled();
    });
  });
});
