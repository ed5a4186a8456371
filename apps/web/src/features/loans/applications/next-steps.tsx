import { Anchor, Button, Text } from '@mantine/core';
import type { LoanListItem, NextStep } from '@sesxi/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PaymentDuePanel } from '../account/payment-due-panel';
import { loansShowQuery } from '../api/loans-show';
import { LoanPanel } from './loan-panel';
import { applicationSteps } from '../application-steps/application-steps';

type DueStep = Exclude<NextStep, 'none' | 'pay'>;

/** The steps the customer takes on the contract screen: its button leads there, first. */
const actionSteps: readonly DueStep[] = ['sign', 'change_account'];

function dueStepOf(loan: LoanListItem): DueStep | null {
  const step = loan.next_step;
  return step === null || step === 'none' || step === 'pay' ? null : step;
}

/** Loans being repaid first, the list's order kept otherwise. */
function repaidFirst(loans: LoanListItem[]): LoanListItem[] {
  return [
    ...loans.filter((loan) => loan.next_step === 'pay'),
    ...loans.filter((loan) => loan.next_step !== 'pay'),
  ];
}

function NextStepPanel({ loan, step }: { loan: LoanListItem; step: DueStep }) {
  const { t } = useTranslation();
  const contract = applicationSteps.contract(loan.id);
  return (
    <LoanPanel loan={loan}>
      <Text>{t('journey.openStatus', { status: loan.loan_status.name })}</Text>
      <Text>{t(`main.nextStep.${step}.text`)}</Text>
      <div>
        {actionSteps.includes(step) ? (
          <Button component={Link} to={contract}>
            {t(`main.nextStep.${step}.action`)}
          </Button>
        ) : (
          <Anchor component={Link} to={contract} fw={600}>
            {t(`main.nextStep.${step}.action`)}
          </Anchor>
        )}
      </div>
    </LoanPanel>
  );
}

/**
 * /main's calls to action from an approval on, one panel an application, loans being repaid
 * first: what is due and late with a button to pay; sign the contract, give another account
 * after the bank refused one (both a button to the contract screen), or a note while the money
 * is on its way (with the contract a link away).
 */
export function NextSteps() {
  const loans = useQuery(loansShowQuery());
  return (
    loans.data &&
    repaidFirst(loans.data).map((loan) => {
      if (loan.next_step === 'pay') return <PaymentDuePanel key={loan.id} loan={loan} />;
      const step = dueStepOf(loan);
      return step && <NextStepPanel key={loan.id} loan={loan} step={step} />;
    })
  );
}
