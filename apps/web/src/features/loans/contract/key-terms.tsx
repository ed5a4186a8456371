import { Text } from '@mantine/core';
import type { Contract } from '@sesxi/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money';
import { formatPercent } from '../../../shared/format/percent';
import { FieldList } from '../../../shared/ui/field-list';
import { Section } from '../../../shared/ui/page-parts';
import { ScheduleTable } from '../loan-offer/schedule-table';

/**
 * The key-terms sheet first, as the law asks: number, amount, term, payment day and first
 * payment, the monthly payment, both rates, every fee, the total to repay and how long the
 * offer stands; the schedule behind its button (its rows render only once opened).
 */
export function KeyTerms({ contract }: { contract: Contract }) {
  const { t } = useTranslation();
  const fields: [string, string][] = [
    [t('contract.number'), contract.number],
    [t('contract.amount'), formatMoney(contract.amount)],
    [t('contract.term'), t('main.months', { count: contract.months })],
    [t('contract.paymentDay'), t('contract.paymentDayValue', { day: contract.payment_day })],
    [t('contract.firstPaymentDate'), contract.first_payment_date],
    [t('offer.monthlyPayment'), formatMoney(contract.monthly_payment)],
    [t('offer.nominalRate'), formatPercent(contract.nominal_rate)],
    [t('offer.effectiveRate'), formatPercent(contract.effective_rate)],
    ...contract.fees.map((fee): [string, string] => [
      t(fee.kind === 'upfront' ? 'contract.upfrontFee' : 'contract.monthlyFee', { name: fee.name }),
      formatMoney(fee.amount),
    ]),
    [t('contract.totalToRepay'), formatMoney(contract.total_to_repay)],
  ];
  if (contract.status === 'offered') fields.push([t('contract.validUntil'), contract.valid_until]);
  if (contract.iban) fields.push([t('contract.account'), contract.iban]);
  return (
    <Section title={t('contract.keyTerms')}>
      <FieldList fields={fields} />
      <Text size="sm" c="dimmed">
        {t('contract.rateBasis')}
      </Text>
      <ScheduleTable schedule={contract.schedule} tableLabel={t('contract.scheduleTable')} />
    </Section>
  );
}
