import '@mantine/core/styles/VisuallyHidden.layer.css';
import { Anchor, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { LoanListItem, LoanStatusCode } from '@sesxi/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../shared/format/money';
import { formatPercent } from '../../../shared/format/percent';
import { applicationSteps } from '../application-steps/application-steps';
import { QueryContent } from '../../../shared/ui/query-content';
import { ScrollableTable } from '../../../shared/ui/scrollable-table';
import { loansShowQuery } from '../api/loans-show';
import { DecisionSummary } from './decision-summary';

/** An application the customer can still go on with (the server allows editing until submitted). */
const open: readonly LoanStatusCode[] = ['draft', 'consented'];

function ApplicationRows({ loans }: { loans: LoanListItem[] }) {
  const { t } = useTranslation();
  return loans.map((loan) => (
    <Table.Tr key={loan.id}>
      {/* YYYY-MM-DD HH:mm: the seconds say nothing to the customer. */}
      <Table.Td>{loan.created_at.slice(0, 16)}</Table.Td>
      <Table.Td>{formatMoney(loan.amount)}</Table.Td>
      <Table.Td>{t('main.months', { count: loan.months })}</Table.Td>
      <Table.Td>{formatMoney(loan.monthly_payment)}</Table.Td>
      <Table.Td>{formatPercent(loan.effective_rate)}</Table.Td>
      <Table.Td>
        {loan.loan_status.name}
        <DecisionSummary decision={loan.decision} />
      </Table.Td>
      <Table.Td>
        {open.includes(loan.loan_status.code) && (
          <Anchor component={Link} to={applicationSteps.edit(loan.id)}>
            {t('main.continueApplication')}
          </Anchor>
        )}
      </Table.Td>
    </Table.Tr>
  ));
}

/** /main's list of the customer's applications, newest first. */
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
            <ScrollableTable
              label={t('main.applications')}
              minWidth={720}
              busy={loans.isFetching}
              columns={[
                t('labels.applicationDate'),
                t('labels.requestedAmount'),
                t('labels.requestedTerm'),
                t('main.monthlyPayment'),
                t('main.effectiveRate'),
                t('labels.status'),
                <VisuallyHidden>{t('main.actions')}</VisuallyHidden>,
              ]}
            >
              <ApplicationRows loans={data} />
            </ScrollableTable>
          )
        }
      </QueryContent>
    </Stack>
  );
}
