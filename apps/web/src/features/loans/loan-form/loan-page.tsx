import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApplicationStepActions } from '../application-steps/application-step-actions';
import { applicationSteps } from '../application-steps/application-steps';
import { QueryContent } from '../../../shared/ui/query-content';
import { createLoan } from '../api/loan-create';
import { loanOptionsQuery } from '../api/loan-options';
import { LoanForm } from './loan-form';
import classes from './loan-form.module.css';

/** `/loan`: a new application; then its questionnaire review. */
export function LoanPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const options = useQuery(loanOptionsQuery());
  return (
    <Stack gap="lg" className={classes.page}>
      <Title order={1}>{t('loan.newTitle')}</Title>
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
    </Stack>
  );
}
