import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DocumentCheckCard } from '../../features/identity-verification/document-check-card';
import { ApplicationsTable } from '../../features/loans/applications/applications-table';
import { NextSteps } from '../../features/loans/applications/next-steps';
import { OpenOrNewApplication } from '../../features/loans/applications/open-application';
import { useSessionUser } from '../../shared/session/session';
import { useSignedInShell } from '../layout/signed-in-shell';
import classes from './main-page.module.css';

const nameMark = '\u0000';

/**
 * The greeting in a signed-in shell, before the visitor is known: their name is put in by the
 * styles, from what the shell's script read in the stored session (`shellVisitorScript`), and
 * the greeting shows only for a visitor with a name, as the app's does.
 */
function ShellGreeting() {
  const { t } = useTranslation();
  const [before, after] = t('main.greeting', { name: nameMark }).split(nameMark);
  return (
    <Text size="lg" className={classes.forNamedVisitor}>
      {before}
      <span className={classes.visitorName} />
      {after}
    </Text>
  );
}

/**
 * `/main`: the customer's personal page: the document check, what to do next with an approved
 * application (sign, give another account, wait for the money), the open application (or a
 * new one) and the ones made so far. It shows two features side by side, so it is composed here
 * rather than in either.
 */
export function MainPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const shell = useSignedInShell();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('main.title')}</Title>
      {shell ? (
        <ShellGreeting />
      ) : (
        user?.name && <Text size="lg">{t('main.greeting', { name: user.name })}</Text>
      )}
      <DocumentCheckCard inShell={shell} />
      <NextSteps />
      <OpenOrNewApplication />
      <ApplicationsTable />
    </Stack>
  );
}
