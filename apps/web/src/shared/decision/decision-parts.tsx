import { Text } from '@mantine/core';
import type { Decision } from '@sesxi/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../format/money';
import { formatPercent } from '../format/percent';

/** An approval's monthly payment and effective rate in one line, when the decision has both. */
export function ApprovedPayment({ decision }: { decision: Decision }) {
  const { t } = useTranslation();
  if (decision.monthly_payment === null || decision.effective_rate === null) return null;
  return (
    <Text size="sm">
      {t('main.decision.approvedPayment', {
        payment: formatMoney(decision.monthly_payment),
        rate: formatPercent(decision.effective_rate),
      })}
    </Text>
  );
}

/** A rejection's reasons as the customer reads them, a list named `label`. */
export function ReasonList({ reasons, label }: { reasons: string[]; label: string }) {
  return (
    <ul aria-label={label} style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
      {reasons.map((reason) => (
        <Text component="li" size="sm" key={reason}>
          {reason}
        </Text>
      ))}
    </ul>
  );
}
