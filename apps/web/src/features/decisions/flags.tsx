import { Text } from '@mantine/core';
import type { QueueItem } from '@sesxi/contract';
import { useTranslation } from 'react-i18next';
import { Mark } from '../../shared/ui/page-parts';

// The two checks the queue and the review's summary show at a glance, in words as well as
// in colour: the bureau's report and the customer's document check.

/** The bureau's verdict in words: a 90+ days overdue loan is the one strong red flag. */
export function BureauFlag({ bureau }: { bureau: QueueItem['bureau'] }) {
  const { t } = useTranslation();
  if (bureau.state !== 'ready') {
    return (
      <Text span size="sm">
        {t(
          bureau.state === 'pending'
            ? 'decisions.bureauFlag.pending'
            : 'decisions.bureauFlag.unavailable',
        )}
      </Text>
    );
  }
  return bureau.serious_overdue ? (
    <Text span size="sm" fw={700} c="red.9">
      <span aria-hidden="true">⚠ </span>
      {t('decisions.bureauFlag.seriousOverdue')}
    </Text>
  ) : (
    <Mark ok notOkColor="red.9">
      {t('decisions.bureauFlag.clean')}
    </Mark>
  );
}

/** The latest document check's outcome; null when the customer has none. */
export function DocumentCheck({ passed }: { passed: boolean | null }) {
  const { t } = useTranslation();
  if (passed === null)
    return (
      <Text span size="sm">
        {t('decisions.documentCheck.missing')}
      </Text>
    );
  return (
    <Mark ok={passed} notOkColor="red.9">
      {t(passed ? 'decisions.documentCheck.passed' : 'decisions.documentCheck.failed')}
    </Mark>
  );
}
