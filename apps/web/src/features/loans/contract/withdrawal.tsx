import { Button, Stack, Text } from '@mantine/core';
import type { Contract } from '@sesxi/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money';
import { FieldList } from '../../../shared/ui/field-list';
import { Section } from '../../../shared/ui/page-parts';
import { confirmWithdrawal, type Withdrawal } from '../api/withdrawal-confirm';
import { sendWithdrawalCode } from '../api/withdrawal-code';
import { CodeConfirmation } from './code-confirmation';

interface WithdrawalPanelProps {
  loanId: number;
  contract: Contract;
  onWithdrawn: (withdrawal: Withdrawal) => unknown;
}

/**
 * The 14-day withdrawal of a signed contract, behind a disclosure button: what it costs (before
 * the payout nothing; after it the money paid out and the days' interest, fees waived), then
 * the code that confirms it.
 */
export function WithdrawalPanel({ loanId, contract, onWithdrawn }: WithdrawalPanelProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const regionId = useId();
  const paidOut = contract.payout?.state === 'paid';
  return (
    <Section title={t('withdrawal.title')}>
      <Text>{t('withdrawal.until', { date: contract.withdrawable_until })}</Text>
      <div>
        <Button
          ref={toggle}
          variant="outline"
          color="red.9"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => {
            setOpen((shown) => !shown);
          }}
        >
          {t('withdrawal.start')}
        </Button>
      </div>
      <Stack id={regionId} gap="sm" hidden={!open}>
        {open && (
          <>
            <Text fw={600}>
              {t(paidOut ? 'withdrawal.afterPayout' : 'withdrawal.beforePayout')}
            </Text>
            <CodeConfirmation
              send={() => sendWithdrawalCode(loanId)}
              confirm={async (code) => onWithdrawn(await confirmWithdrawal(loanId, code))}
              confirmLabel={t('withdrawal.confirm')}
              confirmColor="red.9"
            />
            <div>
              <Button
                variant="default"
                onClick={() => {
                  setOpen(false);
                  toggle.current?.focus();
                }}
              >
                {t('withdrawal.keep')}
              </Button>
            </div>
          </>
        )}
      </Stack>
    </Section>
  );
}

/** The withdrawal as the server took it: nothing owed, or what to return and by when. */
export function WithdrawalDone({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  return (
    <Section title={t('withdrawal.doneTitle')}>
      <Stack gap="sm" role="status">
        {withdrawal.state === 'withdrawn' ? (
          <Text>{t('withdrawal.withdrawn')}</Text>
        ) : (
          <>
            <Text>{t('withdrawal.withdrawing')}</Text>
            <FieldList
              fields={[
                [t('withdrawal.amountDue'), formatMoney(withdrawal.amount_due)],
                [t('withdrawal.dueDate'), withdrawal.due_date ?? ''],
              ]}
            />
          </>
        )}
      </Stack>
    </Section>
  );
}
