import '@mantine/core/styles/Paper.layer.css';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { openLoanStatuses, type LoanListItem } from '@sesxi/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../shared/format/money';
import { applicationSteps } from '../application-steps/application-steps';
import { CancelApplication } from '../application-steps/cancel-application';
import { loansShowQuery } from '../api/loans-show';
import { RejectedNextSteps } from './rejected-next-steps';

/** The customer's open application (not decided, not cancelled); the server allows one. */
export function openApplicationOf(loans: readonly LoanListItem[]): LoanListItem | undefined {
  return loans.find((loan) =>
    (openLoanStatuses as readonly string[]).includes(loan.loan_status.code),
  );
}

/**
 * Where an unsent application goes on: a draft's form is saved, so its questionnaire review is
 * next; a consented one lacks only identification. A sent one has no step left.
 */
export function nextStepOf(loan: LoanListItem): string | null {
  if (loan.loan_status.code === 'draft') return applicationSteps.review(loan.id);
  if (loan.loan_status.code === 'consented') return applicationSteps.identification(loan.id);
  return null;
}

/**
 * The open application in a panel: its terms and status; an unsent one to continue at its
 * step, a sent one to wait for or withdraw; either to cancel after a confirmation.
 */
export function OpenApplication({ loan }: { loan: LoanListItem }) {
  const { t } = useTranslation();
  const titleId = useId();
  const next = nextStepOf(loan);
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={titleId}>
          {t('journey.openTitle')}
        </Title>
        <Text fw={600}>
          {t('journey.openSummary', {
            id: loan.id,
            amount: formatMoney(loan.amount),
            months: loan.months,
          })}
        </Text>
        <Text>{t('journey.openStatus', { status: loan.loan_status.name })}</Text>
        <Text>{t(next ? 'journey.openDraftText' : 'journey.openSubmittedText')}</Text>
        <Group gap="sm" justify="space-between">
          {next && (
            <Button component={Link} to={next}>
              {t('main.continueApplication')}
            </Button>
          )}
          <CancelApplication loanId={loan.id} withdraw={next === null} />
        </Group>
        <Text size="sm" c="dimmed">
          {t('journey.oneAtATime')}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * /main's call to action: the open application while there is one, else a new application
 * (with the next steps when the latest one was rejected).
 * Nothing while the list loads (offering "new" to someone who cannot would be a dead end);
 * if the list fails, "new" (the server still refuses a second open one, naming it).
 */
export function OpenOrNewApplication() {
  const { t } = useTranslation();
  const loans = useQuery(loansShowQuery());
  if (loans.isPending) return null;
  const open = loans.data && openApplicationOf(loans.data);
  if (open) return <OpenApplication loan={open} />;
  const latest = loans.data?.[0];
  if (latest?.decision?.state === 'rejected') {
    return <RejectedNextSteps loan={latest} decision={latest.decision} />;
  }
  return (
    <div>
      <Button component={Link} to="/loan">
        {t('labels.newApplication')}
      </Button>
    </div>
  );
}
