import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { Contract } from '@sesxi/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/date-time';
import { useToday } from '../../../shared/page/use-today';
import { QueryContent } from '../../../shared/ui/query-content';
import { contractQuery } from '../api/contract-show';
import type { Withdrawal } from '../api/withdrawal-confirm';
import { useLoanId } from '../application-steps/application-steps';
import { ContractPdfButton } from './contract-pdf-button';
import { KeyTerms } from './key-terms';
import { PayoutState } from './payout-state';
import { SigningSteps } from './signing-steps';
import { WithdrawalDone, WithdrawalPanel } from './withdrawal';

/** Unsigned, or signed to an account the bank refused: the steps to a (new) signature. */
function awaitsSignature(contract: Contract): boolean {
  return contract.status === 'offered' || contract.payout?.state === 'refused';
}

/** Signed, and the 14 days (business dates; the server decides) not over. */
function withdrawable(contract: Contract, today: string | null): boolean {
  const until = contract.withdrawable_until;
  return contract.status === 'signed' && until !== null && today !== null && today <= until;
}

function ContractView({ loanId, contract }: { loanId: number; contract: Contract }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const today = useToday();
  // Kept here: the contract asked for again after a withdrawal no longer offers one.
  const [withdrawal, setWithdrawal] = useState<Withdrawal | null>(null);
  return (
    <>
      <Stack gap={4}>
        <Text fw={600} role="status">
          {t('contract.status', { status: t(`contract.statuses.${contract.status}`) })}
        </Text>
        {contract.signed_at && (
          <Text size="sm">
            {t('contract.signedAt', { at: formatDateTime(contract.signed_at) })}
          </Text>
        )}
        {contract.status === 'expired' && (
          <Text>{t('contract.expired', { date: contract.valid_until })}</Text>
        )}
      </Stack>
      {withdrawal && <WithdrawalDone withdrawal={withdrawal} />}
      <PayoutState contract={contract} />
      <KeyTerms contract={contract} />
      {awaitsSignature(contract) ? (
        <SigningSteps loanId={loanId} contract={contract} />
      ) : (
        <ContractPdfButton loanId={loanId} contract={contract} />
      )}
      {!withdrawal && withdrawable(contract, today) && (
        <WithdrawalPanel
          loanId={loanId}
          contract={contract}
          onWithdrawn={async (done) => {
            setWithdrawal(done);
            await queryClient.invalidateQueries({ queryKey: ['loans'] });
          }}
        />
      )}
    </>
  );
}

/**
 * `/loans/{id}/contract`: an approved application's contract. Its key terms first, then the
 * steps to sign it with a texted code; once signed, where the money is, the signed document
 * and, for 14 days, the withdrawal.
 */
export function ContractPage() {
  const { t } = useTranslation();
  const loanId = useLoanId();
  const contract = useQuery(contractQuery(loanId));
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>{t('contract.title')}</Title>
      <QueryContent query={contract} loading={t('contract.loading')}>
        {(data) => <ContractView loanId={loanId} contract={data} />}
      </QueryContent>
      <Anchor component={Link} to="/main">
        {t('account.toMain')}
      </Anchor>
    </Stack>
  );
}
