import { Text } from '@mantine/core';
import type { LoanListItem } from '@sesxi/contract';
import { useTranslation } from 'react-i18next';
import { ScheduleTable } from '../loan-offer/schedule-table';

/**
 * An approved application's repayment schedule on /main, behind its disclosure button: every
 * month's date, payment, principal, interest, fee and balance. It was computed with the day of
 * the approval as payout date, which the footnote says.
 */
export function ApprovedSchedule({ loan }: { loan: LoanListItem }) {
  const { t } = useTranslation();
  const { decision } = loan;
  if (decision?.state !== 'approved' || decision.schedule.length === 0) return null;
  return (
    <ScheduleTable
      schedule={decision.schedule}
      toggleLabel={t('main.decision.scheduleToggle', { id: loan.id })}
      tableLabel={t('main.decision.scheduleTable', { id: loan.id })}
      footnote={
        <Text size="sm" c="dimmed" mt="xs">
          {t('main.decision.scheduleDates')}
        </Text>
      }
    />
  );
}
