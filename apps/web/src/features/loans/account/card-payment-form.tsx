import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import { Button, Fieldset, Radio, Stack, Text } from '@mantine/core';
import type { CardPaymentPurpose, LoanAccount, PrepaymentKeep } from '@sesxi/contract';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useApiForm } from '../../../shared/api/api-form';
import { amountInputText, parseGeorgianNumber } from '../../../shared/format/number-input';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { MoneyInput } from '../../../shared/ui/money-input';
import { Section } from '../../../shared/ui/page-parts';
import { startCardPayment } from '../api/card-payment';

interface CardPaymentValues {
  amount: string;
  purpose: CardPaymentPurpose;
  keep: PrepaymentKeep;
}

/** Shortening the term first: it is the default. */
const keeps: readonly PrepaymentKeep[] = ['payment', 'term'];

/** What to pay first: what is late when anything is, else the next instalment. */
export function suggestedAmount(account: LoanAccount): number | null {
  if (account.overdue.total > 0) return account.overdue.total;
  return account.next_payment?.amount ?? null;
}

/**
 * Pay by card: the amount (the overdue total or the next payment to start with), an instalment
 * or a prepayment, which shortens the term or lowers the monthly payment as the customer
 * chooses. The browser then goes to the card gateway's page.
 */
export function CardPaymentForm({ loanId, account }: { loanId: number; account: LoanAccount }) {
  const { t } = useTranslation();
  const suggested = suggestedAmount(account);
  const { form, submit, formError } = useApiForm<CardPaymentValues>({
    defaultValues: {
      amount: suggested === null ? '' : amountInputText(suggested),
      purpose: 'instalment',
      keep: 'payment',
    },
    onSubmit: async ({ amount, purpose, keep }) => {
      const lari = parseGeorgianNumber(amount) ?? 0;
      const redirect = await startCardPayment(loanId, {
        amount: lari,
        purpose,
        ...(purpose === 'prepayment' && { keep }),
      });
      window.location.assign(redirect);
    },
  });
  const { errors, isSubmitting } = form.formState;
  const purpose = form.watch('purpose');
  return (
    <Section title={t('loanAccount.card.title')}>
      <Stack component="form" gap="sm" onSubmit={(event) => void submit(event)}>
        <MoneyInput
          label={t('loanAccount.amount')}
          withAsterisk
          error={errors.amount?.message}
          {...form.register('amount', {
            validate: (value) => {
              const lari = parseGeorgianNumber(value);
              return (lari !== null && lari > 0) || t('loanAccount.card.amountInvalid');
            },
          })}
        />
        <Controller
          control={form.control}
          name="purpose"
          render={({ field }) => (
            <Radio.Group
              label={t('loanAccount.card.purpose')}
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
              }}
            >
              <Stack gap="xs" mt={4}>
                <Radio value="instalment" label={t('loanAccount.card.purposes.instalment')} />
                <Radio value="prepayment" label={t('loanAccount.card.purposes.prepayment')} />
              </Stack>
            </Radio.Group>
          )}
        />
        {purpose === 'prepayment' && (
          <>
            <Controller
              control={form.control}
              name="keep"
              render={({ field }) => (
                <Fieldset legend={t('loanAccount.card.keep')} variant="unstyled">
                  <Stack gap="xs" mt={4}>
                    {keeps.map((keep) => (
                      <Radio
                        key={keep}
                        name={field.name}
                        value={keep}
                        checked={field.value === keep}
                        onChange={() => {
                          field.onChange(keep);
                        }}
                        label={t(`loanAccount.card.keeps.${keep}`)}
                        description={t(`loanAccount.card.keepHints.${keep}`)}
                      />
                    ))}
                  </Stack>
                </Fieldset>
              )}
            />
            <Text size="sm">{t('loanAccount.card.prepaymentNote')}</Text>
          </>
        )}
        <ErrorAlert message={formError} />
        <div>
          <Button type="submit" loading={isSubmitting}>
            {t('loanAccount.card.pay')}
          </Button>
        </div>
        <Text size="sm" c="dimmed">
          {t('loanAccount.card.redirectNote')}
        </Text>
      </Stack>
    </Section>
  );
}
