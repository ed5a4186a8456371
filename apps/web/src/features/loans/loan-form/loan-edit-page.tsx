import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { LoanStatusCode } from '@sesxi/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApplicationStepActions } from '../application-steps/application-step-actions';
import { applicationSteps, useLoanId } from '../application-steps/application-steps';
import { JourneyProgress } from '../../../shared/ui/journey-progress';
import { QueryContent } from '../../../shared/ui/query-content';
import { loanEditShowKey, loanEditShowQuery } from '../api/loan-edit-show';
import { saveLoanEdit } from '../api/loan-edit-save';
import { LoanForm } from './loan-form';
import classes from './loan-form.module.css';

/** The server lets the customer change an application until it is submitted. */
const editable: readonly LoanStatusCode[] = ['draft', 'consented'];

/** `/loan-edit/{id}`: the application's form, prefilled; then its questionnaire review. */
export function LoanEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useLoanId();
  const edit = useQuery(loanEditShowQuery(id));
  return (
    <Stack gap="lg" className={classes.page}>
      <JourneyProgress journey="application" current="loan" />
      <Title order={1}>{t('loan.editTitle')}</Title>
      <QueryContent query={edit} loading={t('loan.loading')}>
        {({ loan, ...options }) =>
          editable.includes(loan.loan_status.code) ? (
            <LoanForm
              options={options}
              loan={loan}
              send={(upload) => saveLoanEdit(id, upload)}
              onSaved={async () => {
                await navigate(applicationSteps.review(id));
                // Coming back, the form starts from the values just saved.
                queryClient.removeQueries({ queryKey: loanEditShowKey(id) });
              }}
              actions={({ submitting }) => (
                <ApplicationStepActions loanId={id} back="/main" busy={submitting} />
              )}
            />
          ) : (
            <Stack gap="sm">
              <Text>{t('loan.notEditable', { status: loan.loan_status.name })}</Text>
              <Anchor component={Link} to="/main">
                {t('account.toMain')}
              </Anchor>
            </Stack>
          )
        }
      </QueryContent>
    </Stack>
  );
}
