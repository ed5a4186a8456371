import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { NotificationOutlet } from '../../shared/notifications/notification-outlet';
import { Footer } from './footer';
import { Header } from './header';
import classes from './layout.module.css';
import { useDocumentTitle } from './use-document-title';

export function RootLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  useDocumentTitle();

  return (
    <div className={classes.shell}>
      <a href="#main-content" className="skip-link">
        {t('nav.skipToContent')}
      </a>
      <Header />
      <main
        id="main-content"
        tabIndex={-1}
        className={classes.main}
        aria-busy={navigation.state !== 'idle'}
      >
        <Container size="lg">
          <NotificationOutlet />
          <Outlet />
        </Container>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
