import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import { Checkbox, NativeSelect, Stack, TextInput } from '@mantine/core';
import type { LookupItem, Questionnaire } from '@sesxi/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useApiForm } from '../../shared/api/api-form';
import { followsQuestionnaire } from '../../shared/api/query-client';
import { session } from '../../shared/session/session';
import { MoneyInput } from '../../shared/ui/money-input';
import { ErrorAlert } from '../../shared/ui/error-alert';
import type { QuestionnaireLookups } from './api/questionnaire-options';
import { saveQuestionnaire } from './api/questionnaire-save';
import { questionnaireShowKey, type SavedQuestionnaire } from './api/questionnaire-show';
import {
  formValuesOf,
  isAmount,
  payloadOf,
  type QuestionnaireFormValues,
} from './questionnaire-values';
import { YesNoField } from './yes-no-field';

export interface QuestionnaireFormProps {
  lookups: QuestionnaireLookups;
  /** The stored questionnaire to prefill the form with; null for a first one. */
  questionnaire: Questionnaire | null;
  /** Called (and awaited) once the server has saved the questionnaire: the screen goes on. */
  onSaved: (questionnaire: Questionnaire) => unknown;
  /** The screen's buttons (one of type submit) and anything shown with them. */
  actions: (state: { submitting: boolean }) => ReactNode;
}

/** Whether a field is on screen (and so checked) for the values as they are. */
type Shown = (values: QuestionnaireFormValues) => boolean;
const always: Shown = () => true;
const withTransfer: Shown = (values) => values.has_transfer;
const asEntrepreneur: Shown = (values) => values.is_individual_entrepreneur === '1';
const withPension: Shown = (values) => values.has_pension;

type TextField = 'address' | 'organisation_name' | 'position';
type LookupField = 'city_id' | 'activity_sphere_id';
type AmountField =
  | 'salary'
  | 'transfer'
  | 'monthly_expenses'
  | 'total_financial_liability'
  | 'monthly_loan_payments'
  | 'entrepreneur_income'
  | 'pension';

/**
 * The financial questionnaire (spec §3): the same fields on /questionnaire, /questionnaire-edit
 * and an application's review, each screen with its own buttons. Amounts accept a decimal comma;
 * the transfer, entrepreneur and pension fields appear with their box or radio and are sent as
 * null without it. The server's field errors appear under the fields.
 */
export function QuestionnaireForm({
  lookups,
  questionnaire,
  onSaved,
  actions,
}: QuestionnaireFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, submit, formError } = useApiForm<QuestionnaireFormValues>({
    defaultValues: formValuesOf(questionnaire),
    onSubmit: async (values) => {
      const saved = await saveQuestionnaire(payloadOf(values));
      queryClient.setQueriesData<SavedQuestionnaire>(
        { queryKey: questionnaireShowKey },
        (cached) => cached && { ...cached, questionnaire: saved },
      );
      session.update({ has_questionnaire: true });
      // The offer's affordability was checked against the old figures.
      queryClient.removeQueries({
        predicate: (query) => query.meta?.[followsQuestionnaire] === true,
      });
      await onSaved(saved);
    },
  });
  const { register, control } = form;
  const { errors, isSubmitting } = form.formState;
  const current = useWatch({ control }) as QuestionnaireFormValues;
  const required = t('fields.required');

  const textInput = (name: TextField, label: string, autoComplete: string) => (
    <TextInput
      label={label}
      autoComplete={autoComplete}
      error={errors[name]?.message}
      {...register(name, { validate: (value) => value.trim() !== '' || required })}
    />
  );
  const amountInput = (
    name: AmountField,
    label: string,
    shown: Shown = always,
    { optional = false, description }: { optional?: boolean; description?: string } = {},
  ) => (
    <MoneyInput
      label={label}
      description={description}
      error={errors[name]?.message}
      {...register(name, {
        validate: (value, values) => {
          if (!shown(values)) return true;
          if (value.trim() === '') return optional || required;
          return isAmount(value) || t('questionnaire.amountInvalid');
        },
      })}
    />
  );
  const lookupSelect = (
    name: LookupField,
    label: string,
    [prompt, items]: [string, LookupItem[]],
    shown: Shown = always,
  ) => (
    <NativeSelect
      label={label}
      data={[
        { value: '', label: prompt },
        ...items.map((item) => ({ value: String(item.id), label: item.name })),
      ]}
      error={errors[name]?.message}
      {...register(name, {
        validate: (value, values) => !shown(values) || value !== '' || required,
      })}
    />
  );

  return (
    <Stack component="form" gap="md" onSubmit={(event) => void submit(event)}>
      {lookupSelect('city_id', t('labels.city'), [t('questionnaire.chooseCity'), lookups.cities])}
      {textInput('address', t('labels.address'), 'street-address')}
      {textInput('organisation_name', t('labels.organisation'), 'organization')}
      {textInput('position', t('labels.position'), 'organization-title')}
      {amountInput('salary', t('labels.salary'))}
      <Checkbox label={t('labels.receivesTransfers')} {...register('has_transfer')} />
      {withTransfer(current) &&
        amountInput('transfer', t('labels.averageMonthlyTransfer'), withTransfer)}
      {amountInput('monthly_expenses', t('labels.monthlyExpenses'))}
      {amountInput('total_financial_liability', t('labels.totalFinancialLiabilities'), always, {
        description: t('questionnaire.totalLiabilitiesHint'),
      })}
      {amountInput('monthly_loan_payments', t('questionnaire.monthlyLoanPayments'), always, {
        optional: true,
        description: t('questionnaire.monthlyLoanPaymentsHint'),
      })}
      <YesNoField
        control={control}
        name="is_political_active"
        label={t('labels.politicallyExposed')}
      />
      <YesNoField
        control={control}
        name="is_individual_entrepreneur"
        label={t('labels.individualEntrepreneur')}
      />
      {asEntrepreneur(current) && (
        <>
          {amountInput('entrepreneur_income', t('labels.entrepreneurIncome'), asEntrepreneur)}
          {lookupSelect(
            'activity_sphere_id',
            t('labels.fieldOfActivity'),
            [t('questionnaire.chooseActivitySphere'), lookups.activitySpheres],
            asEntrepreneur,
          )}
        </>
      )}
      <Checkbox label={t('questionnaire.receivesPension')} {...register('has_pension')} />
      {withPension(current) && amountInput('pension', t('labels.pension'), withPension)}
      <ErrorAlert message={formError} />
      {actions({ submitting: isSubmitting })}
    </Stack>
  );
}
