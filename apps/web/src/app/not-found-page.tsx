import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pageTitle } from '../shared/page/product-name';
import { landingPath } from '../shared/session/roles';
import { useSessionUser } from '../shared/session/session';

/** The way back from a page that is not there: the user's own starting page, named. */
const wayBack: Partial<
  Record<string, 'notFound.toMain' | 'notFound.toUsers' | 'notFound.toApplications'>
> = {
  '/main': 'notFound.toMain',
  '/checking': 'notFound.toUsers',
  '/applications': 'notFound.toApplications',
};

/**
 * An address that leads nowhere, or a record that is not there (see shared/page/not-found.ts):
 * says so, and leads back to where the user starts (customers /main, support /checking,
 * credit officers /applications, everyone else the home page).
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const landing = user ? landingPath(user) : '/';
  const label = wayBack[landing];

  // Shown in place of a route's screen, whose title the layout sets as this commits: named after.
  useEffect(() => {
    const timer = setTimeout(() => {
      document.title = pageTitle(t('notFound.title'));
    });
    return () => {
      clearTimeout(timer);
    };
  }, [t]);
  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>{t('notFound.title')}</Title>
      <Text>{t('notFound.text')}</Text>
      <Anchor component={Link} to={label ? landing : '/'}>
        {t(label ?? 'notFound.toHome')}
      </Anchor>
    </Stack>
  );
}
