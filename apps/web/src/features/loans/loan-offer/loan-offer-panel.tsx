import { Stack, Text, Title } from '@mantine/core';
import {
  computeOffer,
  type AffordabilityAlternative,
  type LoanOffer,
  type LoanPricing,
  type LoanTerms,
} from '@sesxi/contract';
import { useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimestamp } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { formatPercent } from '../../../shared/format/percent';
import { AffordabilityCheck } from './affordability-check';
import classes from './loan-offer.module.css';
import { ScheduleChart } from './schedule-chart';
import { ScheduleTable } from './schedule-table';

/** Today in Georgia (`YYYY-MM-DD`): the payout date the live offer assumes. */
function tbilisiToday(): string {
  return formatTimestamp().slice(0, 10);
}

function offerOf(pricing: LoanPricing, terms: LoanTerms | null, payoutDate: string) {
  if (!terms) return null;
  try {
    return computeOffer(pricing, terms, payoutDate);
  } catch {
    // Terms no schedule can be built for (fees taking the whole amount): no offer to show.
    return null;
  }
}

function OfferTerms({ offer, amount }: { offer: LoanOffer; amount: number }) {
  const { t } = useTranslation();
  const rows = [
    { term: t('offer.monthlyPayment'), value: formatMoney(offer.monthly_payment), key: true },
    { term: t('offer.effectiveRate'), value: formatPercent(offer.effective_rate), key: true },
    { term: t('offer.totalRepayment'), value: formatMoney(offer.total_repayment) },
    { term: t('offer.totalCost'), value: formatMoney(offer.total_cost) },
    { term: t('offer.upfrontFee'), value: formatMoney(offer.upfront_fee) },
    { term: t('offer.payout'), value: formatMoney(amount - offer.upfront_fee) },
    { term: t('offer.nominalRate'), value: formatPercent(offer.nominal_rate) },
  ];
  return (
    <dl className={classes.terms}>
      {rows.map((row) => (
        <div key={row.term} className={row.key ? classes.key : undefined}>
          <dt>{row.term}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface LoanOfferPanelProps {
  pricing: LoanPricing;
  /** The amount and term the form holds, when they are within the limits. */
  terms: LoanTerms | null;
  purposeId: number | null;
  /** Puts an alternative's amount and term into the form. */
  onChoose: (terms: LoanTerms) => void;
}

/**
 * The offer for the amount and term as the customer changes them, computed here with the
 * contract's `computeOffer` (the server recomputes it on submission): monthly payment,
 * effective rate, totals and fees, the schedule as a chart and a table, and the server's
 * affordability check with its alternatives.
 */
export function LoanOfferPanel({ pricing, terms, purposeId, onChoose }: LoanOfferPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // Read on every render: a page left open past midnight offers from the new day.
  const payoutDate = tbilisiToday();
  const offer = useMemo(() => offerOf(pricing, terms, payoutDate), [pricing, terms, payoutDate]);
  const choose = (alternative: AffordabilityAlternative) => {
    onChoose({ amount: alternative.amount, months: alternative.months });
    // The button goes away with the answer it belonged to: keep the keyboard on the offer.
    heading.current?.focus();
  };
  return (
    <Stack component="section" gap="md" aria-labelledby={titleId} className={classes.panel}>
      <Title
        order={2}
        size="h4"
        id={titleId}
        ref={heading}
        tabIndex={-1}
        className={classes.heading}
      >
        {t('offer.title')}
      </Title>
      {offer && terms ? (
        <>
          <OfferTerms offer={offer} amount={terms.amount} />
          <Text size="sm" c="dimmed">
            {t('offer.estimate')}
          </Text>
        </>
      ) : (
        <Text>{t('offer.enterTerms')}</Text>
      )}
      <div aria-live="polite">
        <AffordabilityCheck terms={offer && terms} purposeId={purposeId} onChoose={choose} />
      </div>
      {offer && (
        <>
          <ScheduleChart schedule={offer.schedule} />
          <ScheduleTable schedule={offer.schedule} />
        </>
      )}
    </Stack>
  );
}
