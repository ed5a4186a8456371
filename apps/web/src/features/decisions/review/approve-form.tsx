import '@mantine/core/styles/Input.layer.css';
import { Group, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money';
import { amountInputText, parseGeorgianNumber } from '../../../shared/format/number-input';
import { MoneyInput } from '../../../shared/ui/money-input';
import { approveApplication } from '../api/decisions';
import { DecisionForm, useConfirmedDecision, type ActionProps } from './decision-form';

interface ApproveValues {
  amount: string;
  months: string;
}

/** Approval on terms no larger than those asked: the amount and the months. */
export function ApproveForm({ review, ...actions }: ActionProps) {
  const { t } = useTranslation();
  const asked = review.application;
  const form = useForm<ApproveValues>({
    defaultValues: { amount: amountInputText(asked.amount), months: String(asked.months) },
  });
  const { errors } = form.formState;
  const decision = useConfirmedDecision({
    send: async (terms: { amount: number; months: number }) => {
      const { state } = await approveApplication(asked.id, terms);
      return t(state === 'approved' ? 'decisions.done.approved' : 'decisions.done.awaiting');
    },
    form,
    fields: ['amount', 'months'],
    ...actions,
  });

  return (
    <DecisionForm
      form={form}
      decision={decision}
      toSent={(values) => ({
        amount: parseGeorgianNumber(values.amount) ?? 0,
        months: Number(values.months),
      })}
      color="teal.9"
      submitLabel={t('decisions.approve')}
      confirmTitle={t('decisions.approveTitle')}
      confirmLabel={t('decisions.yesApprove')}
      question={
        decision.pending && (
          <Text>
            {t('decisions.approveQuestion', {
              amount: formatMoney(decision.pending.amount),
              months: decision.pending.months,
            })}
          </Text>
        )
      }
    >
      <Group align="flex-start">
        <MoneyInput
          label={t('decisions.approveAmount')}
          description={t('decisions.notMoreThanAsked', { value: formatMoney(asked.amount) })}
          error={errors.amount?.message}
          {...form.register('amount', {
            validate: (text) => {
              const amount = parseGeorgianNumber(text);
              if (amount === null || amount <= 0) return t('decisions.invalidAmount');
              if (amount > asked.amount) return t('decisions.overAsked');
              return true;
            },
          })}
        />
        <TextInput
          label={t('decisions.approveMonths')}
          inputMode="numeric"
          autoComplete="off"
          description={t('decisions.notMoreThanAsked', {
            value: t('main.months', { count: asked.months }),
          })}
          error={errors.months?.message}
          {...form.register('months', {
            validate: (text) => {
              const months = Number(text.trim());
              if (text.trim() === '' || !Number.isInteger(months) || months <= 0) {
                return t('decisions.invalidMonths');
              }
              if (months > asked.months) return t('decisions.overAsked');
              return true;
            },
          })}
        />
      </Group>
    </DecisionForm>
  );
}
