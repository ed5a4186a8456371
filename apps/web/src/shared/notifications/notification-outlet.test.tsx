import { act, screen } from '@testing-library/react';
import { Outlet, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { NotificationOutlet } from './notification-outlet';
import { notificationKey, notify } from './notification-store';

function CancelButton() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => {
        notify({ type: 'success', text: 'განაცხადი გაუქმებულია' });
        void navigate('/main');
      }}
    >
      გაუქმება
    </button>
  );
}

function renderApp(initialPath = '/') {
  return renderRoutes(
    [
      {
        element: (
          <>
            <NotificationOutlet />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <CancelButton /> },
          { path: '/main', element: <h1>პირადი გვერდი</h1> },
          { path: '/loan', element: <h1>სესხი</h1> },
        ],
      },
    ],
    initialPath,
  );
}

describe('notifications', () => {
  it('are kept in local storage until shown', () => {
    notify({ type: 'error', text: 'შეცდომა' });
    expect(JSON.parse(localStorage.getItem(notificationKey) ?? 'null')).toEqual({
      type: 'error',
      text: 'შეცდომა',
    });
  });

  it('show on the page the app navigates to, once', async () => {
    const { user, router } = renderApp();
    await user.click(screen.getByRole('button', { name: 'გაუქმება' }));
    expect(await screen.findByRole('heading', { name: 'პირადი გვერდი' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('განაცხადი გაუქმებულია');
    expect(localStorage.getItem(notificationKey)).toBeNull();

    await act(() => router.navigate('/loan'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('survive a full page load and are gone after it', () => {
    notify({ type: 'danger', text: 'მიმდინარეობს მონაცემების დამუშავება' });
    const first = renderApp('/main');
    expect(screen.getByRole('alert')).toHaveTextContent('მიმდინარეობს მონაცემების დამუშავება');
    first.unmount();
    renderApp('/main');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('can be dismissed', async () => {
    notify({ type: 'error', text: 'შეცდომა' });
    const { user } = renderApp('/main');
    await user.click(screen.getByRole('button', { name: 'შეტყობინების დახურვა' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
