import '@mantine/core/styles/Paper.layer.css';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import {
  affordabilityReasonCodes,
  type CustomerDecision,
  type LoanListItem,
} from '@sesxi/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useContactMain } from '../../../shared/contact/contact-main';
import { HotlineAndEmail } from '../../../shared/contact/hotline-and-email';

/** Whether a rejection's reasons say the payment was too much: a smaller loan may fit. */
function smallerLoanMayFit(decision: CustomerDecision): boolean {
  return decision.reason_codes.some((code) => affordabilityReasonCodes.includes(code));
}

/** The lender's hotline and e-mail once the contact call has answered (the footer has them too). */
function WhomToCall() {
  const { t } = useTranslation();
  const contact = useContactMain();
  if (!contact.isSuccess) return null;
  return (
    <Stack gap={4}>
      <Text>{t('main.nextSteps.questions')}</Text>
      <HotlineAndEmail hotline={contact.data.hotline} email={contact.data.email} />
    </Stack>
  );
}

interface RejectedNextStepsProps {
  loan: LoanListItem;
  decision: CustomerDecision;
}

/**
 * /main after a rejection of the latest application, in place of the plain "new application":
 * when it was decided and what the customer can do now. The server sets no waiting time after
 * a rejection, so they may apply again at once; when the payment was too much for the income,
 * a smaller amount or a longer term may fit; and whom to call.
 */
export function RejectedNextSteps({ loan, decision }: RejectedNextStepsProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={titleId}>
          {t('main.nextSteps.title')}
        </Title>
        <Text fw={600}>
          {t('main.nextSteps.rejectedOn', { id: loan.id, date: decision.decided_at.slice(0, 16) })}
        </Text>
        <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
          <Text component="li">{t('main.nextSteps.applyAgain')}</Text>
          {smallerLoanMayFit(decision) && (
            <Text component="li">{t('main.nextSteps.smallerLoan')}</Text>
          )}
        </ul>
        <div>
          <Button component={Link} to="/loan">
            {t('labels.newApplication')}
          </Button>
        </div>
        <WhomToCall />
      </Stack>
    </Paper>
  );
}
