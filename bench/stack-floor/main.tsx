// The web stack's floor, measured beside the product's first visit: the login form of the
// bare React page (bench/bare-react/), written with the libraries the product's first load
// cannot do without: React Router's data router, Mantine's provider and inputs, and i18next
// with its React binding. No forms, validation, data layer, fonts or code of the product's
// own, so what a first visit to the product downloads can go no lower on this stack.
import '@mantine/core/styles.css';
import { Button, MantineProvider, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next, useTranslation } from 'react-i18next';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

const messages = { login: 'შესვლა', phone: 'ტელეფონის ნომერი', password: 'პაროლი' };

function LoginForm() {
  const { t } = useTranslation();
  return (
    <main>
      <Title>{t('login')}</Title>
      <form>
        <Stack>
          <TextInput label={t('phone')} type="tel" name="phone" />
          <PasswordInput label={t('password')} name="password" />
          <Button type="submit">{t('login')}</Button>
        </Stack>
      </form>
    </main>
  );
}

void i18next
  .use(initReactI18next)
  .init({ lng: 'ka', resources: { ka: { translation: messages } } })
  .then(() => {
    const router = createBrowserRouter([{ path: '*', Component: LoginForm }]);
    const root = document.getElementById('root');
    if (root)
      createRoot(root).render(
        <StrictMode>
          <MantineProvider>
            <RouterProvider router={router} />
          </MantineProvider>
        </StrictMode>,
      );
  });
