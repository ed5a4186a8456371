import '@mantine/core/styles/Input.layer.css';
import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { computeOffer, type LoanOffer } from '@sesxi/contract';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money';
import { amountInputText, parseGeorgianNumber } from '../../../shared/format/number-input';
import { formatPercent } from '../../../shared/format/percent';
import { useToday } from '../../../shared/page/use-today';
import { FieldList } from '../../../shared/ui/field-list';
import { MoneyInput } from '../../../shared/ui/money-input';
import { approveApplication } from '../api/decisions';
import { DecisionDialog, useDecisionDialog, type ActionProps } from './decision-form';
import type { Review } from './review-types';

interface ApproveValues {
  amount: string;
  months: string;
}

interface Terms {
  amount: number;
  months: number;
}

/** The terms typed, when they are whole months and an amount above zero within what was asked. */
function termsOf(values: ApproveValues, asked: Terms): Terms | null {
  const amount = parseGeorgianNumber(values.amount);
  const months = Number(values.months.trim());
  if (amount === null || amount <= 0 || amount > asked.amount) return null;
  if (!Number.isInteger(months) || months <= 0 || months > asked.months) return null;
  return { amount, months };
}

/** The offer for `terms` as the server will compute it on approval (paid out today). */
function offerFor(pricing: Review['approval']['pricing'], terms: Terms, today: string) {
  try {
    return computeOffer(pricing, terms, today);
  } catch {
    // Terms no schedule can be built for (fees taking the whole amount): the server refuses.
    return null;
  }
}

/** What approving the typed terms means: the offer recomputed, and whether four eyes apply. */
function ApprovalOutcome({ terms, review }: { terms: Terms; review: Review }) {
  const { t } = useTranslation();
  const today = useToday();
  const offer: LoanOffer | null = today ? offerFor(review.approval.pricing, terms, today) : null;
  const secondOfficerFrom = review.approval.second_officer_from;
  return (
    <>
      {offer && (
        <FieldList
          fields={[
            [t('decisions.monthlyPayment'), formatMoney(offer.monthly_payment)],
            [t('decisions.effectiveRate'), formatPercent(offer.effective_rate)],
          ]}
        />
      )}
      {terms.amount > secondOfficerFrom && (
        <Alert color="blue" variant="light">
          {t('decisions.needsSecondOfficer', { threshold: formatMoney(secondOfficerFrom) })}
        </Alert>
      )}
      <Text>
        {t('decisions.approveQuestion', {
          amount: formatMoney(terms.amount),
          months: terms.months,
        })}
      </Text>
    </>
  );
}

/**
 * Approval on terms no larger than those asked, in a dialog that shows, as they are typed,
 * the monthly payment and effective rate the server will compute, and says when the approval
 * will wait for a second officer.
 */
export function ApproveForm({ review, ...actions }: ActionProps) {
  const { t } = useTranslation();
  const asked = review.application;
  const form = useForm<ApproveValues>({
    mode: 'onTouched',
    defaultValues: { amount: amountInputText(asked.amount), months: String(asked.months) },
  });
  const { errors } = form.formState;
  const decision = useDecisionDialog({
    send: async (terms: Terms) => {
      const { state } = await approveApplication(asked.id, terms);
      return t(state === 'approved' ? 'decisions.done.approved' : 'decisions.done.awaiting');
    },
    form,
    fields: ['amount', 'months'],
    ...actions,
  });
  const terms = termsOf(useWatch({ control: form.control }) as ApproveValues, asked);

  return (
    <>
      <Button color="teal.9" onClick={decision.open}>
        {t('decisions.approve')}
      </Button>
      <DecisionDialog
        form={form}
        decision={decision}
        toSent={(values) => ({
          amount: parseGeorgianNumber(values.amount) ?? 0,
          months: Number(values.months),
        })}
        title={t('decisions.approveTitle')}
        color="teal.9"
        confirmLabel={t('decisions.yesApprove')}
      >
        <Group align="flex-start">
          <MoneyInput
            label={t('decisions.approveAmount')}
            description={t('decisions.notMoreThanAsked', { value: formatMoney(asked.amount) })}
            error={errors.amount?.message}
            data-autofocus
            {...form.register('amount', {
              validate: (text) => {
                const amount = parseGeorgianNumber(text);
                if (amount === null || amount <= 0) return t('decisions.invalidAmount');
                if (amount > asked.amount) return t('decisions.overAsked');
                return true;
              },
              onBlur: (event: { target: { value: string } }) => {
                const amount = parseGeorgianNumber(event.target.value);
                if (amount !== null) form.setValue('amount', amountInputText(amount));
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
        <div aria-live="polite">{terms && <ApprovalOutcome terms={terms} review={review} />}</div>
      </DecisionDialog>
    </>
  );
}
