import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isNotFound } from '../shared/page/not-found';
import { pageTitle } from '../shared/page/product-name';
import { NotFoundPage } from './not-found-page';

/** Shown when a screen fails to load or render, e.g. a chunk of an older deployment. */
function LoadFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();

  useEffect(() => {
    console.error(error);
    document.title = pageTitle(t('routeError.title'));
  }, [error, t]);

  return (
    <Container size="sm" py="xl">
      <Stack gap="md" role="alert">
        <Title order={1}>{t('routeError.title')}</Title>
        <Text>{t('routeError.text')}</Text>
        <div>
          <Button
            onClick={() => {
              window.location.reload();
            }}
          >
            {t('routeError.reload')}
          </Button>
        </div>
      </Stack>
    </Container>
  );
}

/**
 * A route's error boundary: the not-found screen for a record that is not there (a bad id, a
 * 404 from the API), else the failure to load or render the screen.
 */
export function RouteError() {
  const error = useRouteError();
  return isNotFound(error) ? <NotFoundPage /> : <LoadFailure error={error} />;
}
