import '@mantine/core/styles/Slider.layer.css';
import { Slider, Stack, TextInput } from '@mantine/core';
import type { LoanLimits } from '@sesxi/contract';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money';
import { amountInputText, parseGeorgianNumber } from '../../../shared/format/number-input';
import { MoneyInput } from '../../../shared/ui/money-input';
import { loanFieldChecks, type LoanFormValues } from './loan-values';

/** The amount slider moves in whole 50 GEL; the field takes any amount in tetri. */
const amountStep = 50;

/** Where a slider's thumb stands for what the field holds: on a step from `min`, within the limits. */
function sliderValue(text: string, min: number, max: number, step: number): number {
  const typed = parseGeorgianNumber(text) ?? min;
  return Math.min(max, Math.max(min, min + Math.round((typed - min) / step) * step));
}

interface LoanTermsFieldsProps {
  form: UseFormReturn<LoanFormValues>;
  limits: LoanLimits;
  /** What the amount and months fields hold now. */
  amount: string;
  months: string;
  /** Writes a field as if typed. */
  setTerm: (name: 'amount' | 'months', text: string) => void;
}

/**
 * Amount (₾) and term (months), each a text field with a slider under it bound to the same
 * value: typing moves the slider, the slider (drag or arrow keys, Home, End) writes the field.
 */
export function LoanTermsFields({ form, limits, amount, months, setTerm }: LoanTermsFieldsProps) {
  const { t } = useTranslation();
  const checks = loanFieldChecks(limits);
  const { register } = form;
  const { errors } = form.formState;
  return (
    <>
      <Stack gap="xs">
        <MoneyInput
          label={t('labels.amount')}
          description={t('loan.amountHint', {
            min: formatMoney(limits.min_amount),
            max: formatMoney(limits.max_amount),
          })}
          error={errors.amount?.message}
          {...register('amount', { validate: checks.amount })}
        />
        <Slider
          thumbLabel={t('offer.amountSlider')}
          thumbValueText={formatMoney}
          label={null}
          thumbSize={24}
          min={limits.min_amount}
          max={limits.max_amount}
          step={amountStep}
          value={sliderValue(amount, limits.min_amount, limits.max_amount, amountStep)}
          onChange={(value) => {
            setTerm('amount', amountInputText(value));
          }}
        />
      </Stack>
      <Stack gap="xs">
        <TextInput
          label={t('labels.termMonths')}
          description={t('loan.monthsHint', { min: limits.min_months, max: limits.max_months })}
          inputMode="numeric"
          autoComplete="off"
          error={errors.months?.message}
          {...register('months', { validate: checks.months })}
        />
        <Slider
          thumbLabel={t('offer.monthsSlider')}
          thumbValueText={(value) => t('offer.monthsValue', { count: value })}
          label={null}
          thumbSize={24}
          min={limits.min_months}
          max={limits.max_months}
          step={1}
          value={sliderValue(months, limits.min_months, limits.max_months, 1)}
          onChange={(value) => {
            setTerm('months', String(value));
          }}
        />
      </Stack>
    </>
  );
}
