import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './app/styles/styles';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { setUnauthorizedHandler } from './shared/api/api-client';
import { createQueryClient } from './shared/api/query-client';
import { initI18n } from './shared/i18n/i18n';

await initI18n();

const router = createAppRouter();
// The server ended the session (revoked, or idle past its lifetime): /login says so.
setUnauthorizedHandler(() => {
  if (router.state.location.pathname !== '/login') void router.navigate('/login?reason=ended');
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
