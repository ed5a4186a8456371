import { Stack, Text } from '@mantine/core';
import type { Decision } from '@sesxi/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money';
import { ApprovedPayment, ReasonList } from '../../../shared/decision/decision-parts';

/**
 * The lender's decision under an application's status: an approval's terms (amount, term,
 * monthly payment, effective rate), or a rejection's date and reasons as the customer is meant
 * to read them. An approval still waiting for a second officer is not the customer's to see.
 */
export function DecisionSummary({ decision }: { decision: Decision | null }) {
  const { t } = useTranslation();
  if (!decision || decision.state === 'awaiting_second_officer') return null;
  if (decision.state === 'approved') {
    if (decision.amount === null || decision.months === null) return null;
    return (
      <Stack gap={2} mt={4} miw={200}>
        <Text size="sm" fw={700} c="teal.9">
          {t('main.decision.approved', {
            amount: formatMoney(decision.amount),
            months: decision.months,
          })}
        </Text>
        <ApprovedPayment decision={decision} />
      </Stack>
    );
  }
  return (
    <Stack gap={2} mt={4} miw={200}>
      <Text size="sm">
        {t('main.decision.decidedAt', { date: decision.decided_at.slice(0, 16) })}
      </Text>
      <Text size="sm" fw={700} aria-hidden>
        {t('main.decision.reasons')}:
      </Text>
      <ReasonList reasons={decision.reasons} label={t('main.decision.reasons')} />
    </Stack>
  );
}
