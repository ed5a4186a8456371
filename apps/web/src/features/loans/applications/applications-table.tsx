import { Stack, Text, Title } from '@mantine/core';
import type { LoanListItem } from '@sesxi/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money';
import { formatPercent } from '../../../shared/format/percent';
import { QueryContent } from '../../../shared/ui/query-content';
import { TableOrCards } from '../../../shared/ui/table-or-cards';
import { loansShowQuery } from '../api/loans-show';
import { ApprovedSchedule } from './approved-schedule';
import { DecisionSummary } from './decision-summary';

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

/** /main's list of the customer's applications, newest first: cards on a phone, a table wider. */
export function ApplicationsTable() {
  const { t } = useTranslation();
  const titleId = useId();
  const loans = useQuery(loansShowQuery());
  const fieldsOf = useFieldsOf();
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
            <TableOrCards
              label={t('main.applications')}
              records={data}
              keyOf={(loan) => loan.id}
              fieldsOf={fieldsOf}
              minWidth={720}
              busy={loans.isFetching}
              extraOf={(loan) => <ApprovedSchedule loan={loan} />}
            />
          )
        }
      </QueryContent>
    </Stack>
  );
}
