import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import { Alert, Anchor, NativeSelect, Progress, Stack, Text, TextInput } from '@mantine/core';
import { loanOpenConflict, type Loan } from '@sesxi/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiForm } from '../../../shared/api/api-form';
import { ApiError } from '../../../shared/api/api-error';
import { formatMoney } from '../../../shared/format/money';
import { applicationSteps } from '../../../shared/loan-application/application-steps';
import { MoneyInput } from '../../../shared/ui/money-input';
import type { LoanUpload } from '../api/loan-form-data';
import type { LoanFormOptions } from '../api/loan-options';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { BankStatementField } from './bank-statement-field';
import { formValuesOf, loanFieldChecks, payloadOf, type LoanFormValues } from './loan-values';

export interface LoanFormProps {
  options: LoanFormOptions;
  /** The application to prefill the form with; null for a new one. */
  loan: Loan | null;
  /** Sends the form and answers the application's id. */
  send: (upload: LoanUpload) => Promise<number>;
  /** Called (and awaited) with the id once the server has kept the application. */
  onSaved: (id: number) => unknown;
  /** The screen's buttons (one of type submit). */
  actions: (state: { submitting: boolean }) => ReactNode;
}

/** Another application is still open: its number, and the server's words naming it. */
interface OpenApplication {
  loanId: number;
  message: string;
}

function openApplicationOf(error: unknown): OpenApplication | null {
  if (!(error instanceof ApiError) || error.httpStatus !== 409) return null;
  const conflict = loanOpenConflict.safeParse(error.body);
  return conflict.success
    ? { loanId: conflict.data.loan_id, message: conflict.data.message }
    : null;
}

/**
 * The application form of /loan and /loan-edit/{id}: amount (decimal comma accepted), months,
 * purpose and the bank statement, with the server's limits as hints. It is sent as multipart
 * with a progress bar; the server's field errors appear under the fields.
 */
export function LoanForm({ options, loan, send, onSaved, actions }: LoanFormProps) {
  const { t } = useTranslation();
  const { limits, purposes } = options;
  const checks = loanFieldChecks(limits);
  const [progress, setProgress] = useState(0);
  const [openApplication, setOpenApplication] = useState<OpenApplication | null>(null);
  const { form, submit, formError } = useApiForm<LoanFormValues>({
    defaultValues: formValuesOf(loan),
    onSubmit: async (values) => {
      setProgress(0);
      setOpenApplication(null);
      try {
        const id = await send({
          payload: payloadOf(values),
          file: values.file,
          onProgress: setProgress,
        });
        await onSaved(id);
      } catch (error) {
        const open = openApplicationOf(error);
        if (!open) throw error;
        setOpenApplication(open);
      }
    },
  });
  const { register, control } = form;
  const { errors, isSubmitting } = form.formState;
  const percent = Math.round(progress * 100);

  return (
    <Stack component="form" gap="md" onSubmit={(event) => void submit(event)}>
      <MoneyInput
        label={t('labels.amount')}
        description={t('loan.amountHint', {
          min: formatMoney(limits.min_amount),
          max: formatMoney(limits.max_amount),
        })}
        error={errors.amount?.message}
        {...register('amount', { validate: checks.amount })}
      />
      <TextInput
        label={t('labels.termMonths')}
        description={t('loan.monthsHint', { min: limits.min_months, max: limits.max_months })}
        inputMode="numeric"
        autoComplete="off"
        error={errors.months?.message}
        {...register('months', { validate: checks.months })}
      />
      <NativeSelect
        label={t('labels.loanPurpose')}
        data={[
          { value: '', label: t('loan.choosePurpose') },
          ...purposes.map((purpose) => ({ value: String(purpose.id), label: purpose.name })),
        ]}
        error={errors.loan_purpose_id?.message}
        {...register('loan_purpose_id', { validate: checks.loan_purpose_id })}
      />
      <BankStatementField control={control} storedFileName={loan?.bank_statement?.file_name} />
      {isSubmitting && (
        <Stack gap={4}>
          <Progress value={percent} aria-label={t('loan.uploading')} />
          <Text size="sm" aria-hidden="true">
            {t('loan.uploaded', { percent })}
          </Text>
        </Stack>
      )}
      {openApplication && (
        <Alert color="red" variant="light" role="alert">
          {openApplication.message}{' '}
          <Anchor component={Link} to={applicationSteps.edit(openApplication.loanId)}>
            {t('loan.openApplication')}
          </Anchor>
        </Alert>
      )}
      <ErrorAlert message={formError} />
      {actions({ submitting: isSubmitting })}
    </Stack>
  );
}
