import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { pageTitle } from '../shared/page/product-name';

/** Shown when a screen fails to load or render, e.g. a chunk of an older deployment. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();

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
