import { Alert, Stack, Text, Title } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { JourneyProgress } from '../../../shared/ui/journey-progress';
import { QueryContent } from '../../../shared/ui/query-content';
import { ApplicationStepActions } from '../application-steps/application-step-actions';
import { applicationSteps } from '../application-steps/application-steps';
import { OpenApplication, openApplicationOf } from '../applications/open-application';
import { createLoan } from '../api/loan-create';
import { loansShowQuery } from '../api/loans-show';
import { loanOptionsQuery, type LoanFormOptions } from '../api/loan-options';
import { LoanForm } from './loan-form';
import classes from './loan-form.module.css';

function NewLoanForm({ options }: { options: UseQueryResult<LoanFormOptions> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <QueryContent query={options} loading={t('loan.loading')}>
      {(data) => (
        <LoanForm
          options={data}
          loan={null}
          send={createLoan}
          onSaved={(id) => navigate(applicationSteps.review(id))}
          actions={({ submitting }) => <ApplicationStepActions back="/main" busy={submitting} />}
        />
      )}
    </QueryContent>
  );
}

/**
 * `/loan`: a new application; then its questionnaire review. While the customer has an open
 * application the server refuses another, so that one is offered instead of a form filled in
 * for nothing (if the list cannot be read, the form; the server's refusal then names it).
 */
export function LoanPage() {
  const { t } = useTranslation();
  const loans = useQuery(loansShowQuery());
  // Asked together with the list, so that the form does not wait for it.
  const options = useQuery(loanOptionsQuery());
  const open = loans.data && openApplicationOf(loans.data);
  return (
    <Stack gap="lg" className={classes.page}>
      {!open && <JourneyProgress journey="application" current="loan" />}
      <Title order={1}>{t('loan.newTitle')}</Title>
      {loans.isPending ? (
        <Text>{t('loan.loading')}</Text>
      ) : open ? (
        <Stack gap="md" maw={560}>
          <Alert color="indigo" variant="light">
            {t('journey.loanBlocked')}
          </Alert>
          <OpenApplication loan={open} />
        </Stack>
      ) : (
        <NewLoanForm options={options} />
      )}
    </Stack>
  );
}
