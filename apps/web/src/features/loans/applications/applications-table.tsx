import '@mantine/core/styles/Paper.layer.css';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { LoanListItem } from '@sesxi/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money';
import { formatPercent } from '../../../shared/format/percent';
import { QueryContent } from '../../../shared/ui/query-content';
import { ScrollableTable } from '../../../shared/ui/scrollable-table';
import { loansShowQuery } from '../api/loans-show';
import { ApprovedSchedule } from './approved-schedule';
import { DecisionSummary } from './decision-summary';
import classes from './applications.module.css';

/** One application's fields in the list's order, as [header, value]. */
function useFieldsOf(): (loan: LoanListItem) => [string, ReactNode][] {
  const { t } = useTranslation();
  return (loan) => [
    // The application's number, which every text message to the customer names.
    [t('main.number'), loan.id],
    // YYYY-MM-DD HH:mm: the seconds say nothing to the customer.
    [t('labels.applicationDate'), loan.created_at.slice(0, 16)],
    [t('labels.requestedAmount'), formatMoney(loan.amount)],
    [t('labels.requestedTerm'), t('main.months', { count: loan.months })],
    [t('main.monthlyPayment'), formatMoney(loan.monthly_payment)],
    [t('main.effectiveRate'), formatPercent(loan.effective_rate)],
    [
      t('labels.status'),
      <>
        {loan.loan_status.name}
        <DecisionSummary decision={loan.decision} />
      </>,
    ],
  ];
}

/** From 768 px: a table, one row an application; the approved ones' schedules under it. */
function ApplicationRows({ loans, busy }: { loans: LoanListItem[]; busy: boolean }) {
  const { t } = useTranslation();
  const fieldsOf = useFieldsOf();
  const headers = fieldsOf(loans[0] as LoanListItem).map(([header]) => header);
  return (
    <ScrollableTable label={t('main.applications')} minWidth={720} busy={busy} columns={headers}>
      {loans.map((loan) => (
        <Table.Tr key={loan.id}>
          {fieldsOf(loan).map(([header, value]) => (
            <Table.Td key={header}>{value}</Table.Td>
          ))}
        </Table.Tr>
      ))}
    </ScrollableTable>
  );
}

/** On a phone: a card per application, its fields one under another, nothing to scroll sideways. */
function ApplicationCards({ loans, busy }: { loans: LoanListItem[]; busy: boolean }) {
  const { t } = useTranslation();
  const fieldsOf = useFieldsOf();
  return (
    <ul
      className={classes.cards}
      aria-label={t('main.applications')}
      aria-busy={busy}
      style={{ opacity: busy ? 0.6 : 1 }}
    >
      {loans.map((loan) => (
        <Paper component="li" key={loan.id} withBorder p="sm">
          <dl className={classes.fields}>
            {fieldsOf(loan).map(([header, value]) => (
              <div key={header} className={classes.field}>
                <dt>{header}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <ApprovedSchedule loan={loan} />
        </Paper>
      ))}
    </ul>
  );
}

/** /main's list of the customer's applications, newest first: cards on a phone, a table wider. */
export function ApplicationsTable() {
  const { t } = useTranslation();
  const titleId = useId();
  const loans = useQuery(loansShowQuery());
  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {t('main.applications')}
      </Title>
      <QueryContent query={loans} loading={t('main.applicationsLoading')}>
        {(data) =>
          data.length === 0 ? (
            <Text>{t('main.noApplications')}</Text>
          ) : (
            <>
              <div className={classes.phoneOnly}>
                <ApplicationCards loans={data} busy={loans.isFetching} />
              </div>
              <div className={classes.wideOnly}>
                <Stack gap="xs">
                  <ApplicationRows loans={data} busy={loans.isFetching} />
                  {data.map((loan) => (
                    <ApprovedSchedule key={loan.id} loan={loan} />
                  ))}
                </Stack>
              </div>
            </>
          )
        }
      </QueryContent>
    </Stack>
  );
}
