import { Text } from '@mantine/core';
import type { InstalmentState, LoanAccount } from '@sesxi/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money';
import { Section } from '../../../shared/ui/page-parts';
import { TableOrCards } from '../../../shared/ui/table-or-cards';

type Instalment = LoanAccount['schedule'][number];

/** Late in red, paid in green, each with a sign so that colour is never the only cue. */
const stateLooks: Record<InstalmentState, { color?: string; sign: string }> = {
  paid: { color: 'teal.9', sign: '✓ ' },
  due: { sign: '' },
  overdue: { color: 'red.9', sign: '! ' },
  future: { color: 'gray.7', sign: '' },
};

function InstalmentStateText({ state }: { state: InstalmentState }) {
  const { t } = useTranslation();
  const { color, sign } = stateLooks[state];
  return (
    <Text span size="sm" fw={state === 'overdue' || state === 'due' ? 700 : 400} c={color}>
      <span aria-hidden="true">{sign}</span>
      {t(`loanAccount.states.${state}`)}
    </Text>
  );
}

/** The schedule with each instalment's state: cards on a phone, a table wider. */
export function ScheduleSection({
  schedule,
  level,
}: {
  schedule: Instalment[];
  /** 3 under a section of its own (the officer's review). */
  level?: 2 | 3;
}) {
  const { t } = useTranslation();
  if (schedule.length === 0) return null;
  return (
    <Section title={t('loanAccount.schedule')} level={level}>
      <TableOrCards
        label={t('loanAccount.schedule')}
        records={schedule}
        keyOf={(instalment) => instalment.number}
        rowHeader
        minWidth={640}
        fieldsOf={(instalment) => [
          [t('loanAccount.number'), instalment.number],
          [t('loanAccount.date'), instalment.date],
          [t('loanAccount.principal'), formatMoney(instalment.principal)],
          [t('loanAccount.interest'), formatMoney(instalment.interest)],
          [t('loanAccount.total'), formatMoney(instalment.total)],
          [t('loanAccount.paid'), formatMoney(instalment.paid)],
          [t('loanAccount.state'), <InstalmentStateText key="state" state={instalment.state} />],
        ]}
      />
    </Section>
  );
}
