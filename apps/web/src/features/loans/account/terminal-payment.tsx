import { Text } from '@mantine/core';
import type { TransferDetails } from '@sesxi/contract';
import { useTranslation } from 'react-i18next';
import { useContactMain } from '../../../shared/contact/contact-main';
import { HotlineAndEmail } from '../../../shared/contact/hotline-and-email';
import { productName } from '../../../shared/page/product-name';
import { FieldList } from '../../../shared/ui/field-list';
import { Section } from '../../../shared/ui/page-parts';

/**
 * Paying without a card: at a terminal or in a bank's app, where the lender is the biller and
 * the personal number finds the loan, or by a transfer into the lender's account with the
 * personal number in its purpose. Without the lender's account configured, the hotline gives it.
 */
export function TerminalPayment({ transfer }: { transfer: TransferDetails | null }) {
  const { t } = useTranslation();
  const contact = useContactMain();
  return (
    <Section title={t('loanAccount.terminal.title')}>
      <Text>{t('loanAccount.terminal.biller', { lender: productName() })}</Text>
      <Text fw={600}>{t('loanAccount.terminal.reference')}</Text>
      {transfer ? (
        <>
          <Text>{t('loanAccount.terminal.transferTo')}</Text>
          <FieldList
            fields={[
              [t('loanAccount.terminal.bank'), transfer.bank_name],
              [t('loanAccount.terminal.iban'), transfer.iban],
              [t('loanAccount.terminal.purpose'), transfer.reference],
            ]}
          />
        </>
      ) : (
        <Text>{t('loanAccount.terminal.transfer')}</Text>
      )}
      <Text size="sm">{t('loanAccount.terminal.nextDay')}</Text>
      {contact.isSuccess && (
        <HotlineAndEmail hotline={contact.data.hotline} email={contact.data.email} />
      )}
    </Section>
  );
}
