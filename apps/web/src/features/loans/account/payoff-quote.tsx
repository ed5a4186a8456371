import '@mantine/core/styles/Input.layer.css';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiForm } from '../../../shared/api/api-form';
import { formatMoney } from '../../../shared/format/money';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { FieldList } from '../../../shared/ui/field-list';
import { Section } from '../../../shared/ui/page-parts';
import { fetchPayoff } from '../api/loan-account';

type Payoff = Awaited<ReturnType<typeof fetchPayoff>>;

/**
 * What repays the whole loan on a day the customer chooses (today by default): the principal,
 * the interest to that day, any penalties, the early-repayment fee and the total.
 */
export function PayoffQuote({ loanId, today }: { loanId: number; today: string | null }) {
  const { t } = useTranslation();
  const [payoff, setPayoff] = useState<Payoff | null>(null);
  const { form, submit, formError } = useApiForm<{ date: string }>({
    defaultValues: { date: today ?? '' },
    onSubmit: async ({ date }) => {
      setPayoff(null);
      setPayoff(await fetchPayoff(loanId, date));
    },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <Section title={t('loanAccount.payoff.title')}>
      <Stack component="form" gap="sm" onSubmit={(event) => void submit(event)}>
        <Group align="flex-end" gap="sm">
          <TextInput
            type="date"
            label={t('loanAccount.payoff.date')}
            withAsterisk
            error={errors.date?.message}
            {...form.register('date', { required: t('loanAccount.payoff.dateRequired') })}
          />
          <Button type="submit" variant="outline" loading={isSubmitting}>
            {t('loanAccount.payoff.ask')}
          </Button>
        </Group>
        <ErrorAlert message={formError} />
      </Stack>
      <div role="status">
        {payoff && (
          <Stack gap="xs">
            <FieldList
              fields={[
                [t('loanAccount.principal'), formatMoney(payoff.principal)],
                // Interest paid in advance and not earned by that day is deducted (a negative figure).
                [
                  payoff.interest < 0
                    ? t('loanAccount.payoff.interestInAdvance')
                    : t('loanAccount.interest'),
                  formatMoney(payoff.interest),
                ],
                ...(payoff.penalty > 0
                  ? [
                      [t('loanAccount.overdue.penalty'), formatMoney(payoff.penalty)] as [
                        string,
                        string,
                      ],
                    ]
                  : []),
                [t('loanAccount.payoff.fee'), formatMoney(payoff.fee)],
                [t('loanAccount.payoff.total', { date: payoff.date }), formatMoney(payoff.total)],
              ]}
            />
          </Stack>
        )}
      </div>
    </Section>
  );
}
