import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import { Alert, Anchor, NativeSelect, Progress, Stack, Text } from '@mantine/core';
import { loanOpenConflict, type Loan, type LoanTerms } from '@sesxi/contract';
import { useMemo, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiForm } from '../../../shared/api/api-form';
import { ApiError } from '../../../shared/api/api-error';
import { amountInputText, parseGeorgianNumber } from '../../../shared/format/number-input';
import type { LoanUpload } from '../api/loan-form-data';
import type { LoanFormOptions } from '../api/loan-options';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { LoanOfferPanel } from '../loan-offer/loan-offer-panel';
import { BankStatementField } from './bank-statement-field';
import classes from './loan-form.module.css';
import { LoanTermsFields } from './terms-fields';
import {
  formValuesOf,
  loanFieldChecks,
  payloadOf,
  termsOf,
  type LoanFormValues,
} from './loan-values';

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
 * The application form of /loan and /loan-edit/{id}: amount (decimal comma accepted) and months
 * with their sliders, the live offer for them, purpose and the bank statement, with the
 * server's limits as hints. It is sent as multipart with a progress bar; the server's field
 * errors appear under the fields.
 */
export function LoanForm({ options, loan, send, onSaved, actions }: LoanFormProps) {
  const { t } = useTranslation();
  const { limits, purposes, product } = options;
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
  const { register, control, setValue } = form;
  const { errors, isSubmitting, isSubmitted } = form.formState;
  const percent = Math.round(progress * 100);
  const [amount, months, purpose] = useWatch({
    control,
    name: ['amount', 'months', 'loan_purpose_id'],
  });
  // Numbers first, so that the terms keep their identity while they stay the same.
  const typed = termsOf(amount, months, limits);
  const [typedAmount, typedMonths] = [typed?.amount ?? null, typed?.months ?? null];
  const terms = useMemo(
    () =>
      typedAmount === null || typedMonths === null
        ? null
        : { amount: typedAmount, months: typedMonths },
    [typedAmount, typedMonths],
  );
  // Sliders and alternatives write the fields as if typed (checked again once submitted).
  const setTerm = (name: 'amount' | 'months', text: string) => {
    setValue(name, text, { shouldDirty: true, shouldValidate: isSubmitted });
  };
  const chooseTerms = (chosen: LoanTerms) => {
    setTerm('amount', amountInputText(chosen.amount));
    setTerm('months', String(chosen.months));
  };

  return (
    // One column on a phone (terms, offer, the rest); from 1024 px the offer beside the fields.
    <form className={classes.layout} onSubmit={(event) => void submit(event)}>
      <Stack gap="md" className={classes.terms}>
        <LoanTermsFields
          form={form}
          limits={limits}
          amount={amount}
          months={months}
          setTerm={setTerm}
        />
      </Stack>
      {product && (
        <div className={classes.offer}>
          <LoanOfferPanel
            pricing={product}
            terms={terms}
            purposeId={parseGeorgianNumber(purpose)}
            onChoose={chooseTerms}
          />
        </div>
      )}
      <Stack gap="md" className={classes.rest}>
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
            <Anchor component={Link} to="/main">
              {t('loan.openApplication')}
            </Anchor>
          </Alert>
        )}
        <ErrorAlert message={formError} />
        {actions({ submitting: isSubmitting })}
      </Stack>
    </form>
  );
}
