import { Text } from '@mantine/core';
import type { Contract } from '@sesxi/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date-time';
import { FieldList } from '../../../shared/ui/field-list';
import { Section } from '../../../shared/ui/page-parts';

/**
 * Where the money of a signed contract is: on its way, paid (with the bank's reference, which
 * the customer's statement shows too), refused by the bank (another account is asked for
 * below), or cancelled by a withdrawal.
 */
export function PayoutState({ contract }: { contract: Contract }) {
  const { t } = useTranslation();
  const { payout } = contract;
  if (!payout) return null;
  const iban = contract.iban ?? '';
  return (
    <Section title={t('contract.payout.title')}>
      {(payout.state === 'pending' || payout.state === 'sending') && (
        <Text>{t('contract.payout.waiting', { iban })}</Text>
      )}
      {payout.state === 'paid' && (
        <>
          <Text fw={600} c="teal.9">
            {t('contract.payout.paid', { iban })}
          </Text>
          <FieldList
            fields={[
              [t('contract.payout.reference'), payout.bank_reference ?? ''],
              [t('contract.payout.paidAt'), payout.paid_at ? formatDateTime(payout.paid_at) : ''],
            ]}
          />
        </>
      )}
      {payout.state === 'refused' && (
        <Text fw={600} c="red.9">
          {t('contract.payout.refused', { iban })}
        </Text>
      )}
      {payout.state === 'cancelled' && <Text>{t('contract.payout.cancelled')}</Text>}
    </Section>
  );
}
