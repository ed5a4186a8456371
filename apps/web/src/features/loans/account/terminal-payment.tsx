import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useContactMain } from '../../../shared/contact/contact-main';
import { HotlineAndEmail } from '../../../shared/contact/hotline-and-email';
import { productName } from '../../../shared/page/product-name';
import { Section } from '../../../shared/ui/page-parts';

/**
 * Paying without a card: at a terminal or in a bank's app, where the lender is the biller and
 * the personal number finds the loan, or by a transfer with the personal number in its purpose.
 * The lender's account for a transfer is not in the app's data yet: the hotline gives it.
 */
export function TerminalPayment() {
  const { t } = useTranslation();
  const contact = useContactMain();
  return (
    <Section title={t('loanAccount.terminal.title')}>
      <Text>{t('loanAccount.terminal.biller', { lender: productName() })}</Text>
      <Text fw={600}>{t('loanAccount.terminal.reference')}</Text>
      <Text>{t('loanAccount.terminal.transfer')}</Text>
      <Text size="sm">{t('loanAccount.terminal.nextDay')}</Text>
      {contact.isSuccess && (
        <HotlineAndEmail hotline={contact.data.hotline} email={contact.data.email} />
      )}
    </Section>
  );
}
