import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../shared/api/api-client';
import { formatMoney } from '../../../shared/format/money';
import { FieldList } from '../../../shared/ui/field-list';
import { Section } from '../../../shared/ui/page-parts';
import { ScrollableTable } from '../../../shared/ui/scrollable-table';
import { downloadBankStatement } from '../api/decisions';
import type { Review } from './review-types';
import { personName } from '../../../shared/format/person-name';

// The review's sections on the application and the person behind it: what is asked, who
// asks, what they declared, and their other applications with this lender.

/** The customer's bank statement, downloaded (its reading logged by the server). */
export function BankStatementButton({ review }: { review: Review }) {
  const { t } = useTranslation();
  const { id, bank_statement: file } = review.application;
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        variant="default"
        loading={busy}
        // A long file name wraps instead of widening the page on a phone.
        h="auto"
        mih={36}
        py={6}
        styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'left' } }}
        onClick={() => {
          setBusy(true);
          setFailed(null);
          downloadBankStatement(id, file.file_name)
            .then(saveFile)
            .catch((error: unknown) => {
              setFailed(error instanceof Error ? error.message : t('decisions.downloadFailed'));
            })
            .finally(() => {
              setBusy(false);
            });
        }}
      >
        {t('decisions.downloadStatement', { name: file.file_name })}
      </Button>
      {failed && (
        <Alert color="red" variant="light" role="alert" title={t('decisions.downloadFailed')}>
          {failed}
        </Alert>
      )}
    </Stack>
  );
}

export function ApplicationSection({ review }: { review: Review }) {
  const { t } = useTranslation();
  const { application } = review;
  return (
    <Section title={t('decisions.sections.application')}>
      <FieldList
        fields={[
          [t('decisions.columns.number'), application.id],
          [t('labels.status'), application.status.name],
          [t('labels.requestedAmount'), formatMoney(application.amount)],
          [t('labels.requestedTerm'), t('main.months', { count: application.months })],
          [t('labels.loanPurpose'), application.loan_purpose],
          [t('decisions.createdAt'), application.created_at],
          [t('decisions.submittedAt'), application.submitted_at ?? t('support.none')],
          [
            t('decisions.assignedOfficer'),
            application.assigned_officer
              ? personName(application.assigned_officer)
              : t('decisions.unassigned'),
          ],
        ]}
      />
    </Section>
  );
}

export function CustomerSection({ review }: { review: Review }) {
  const { t } = useTranslation();
  const { customer } = review;
  const yesNo = (value: boolean) => t(value ? 'labels.yes' : 'labels.no');
  return (
    <Section title={t('decisions.sections.customer')}>
      <FieldList
        fields={[
          [t('labels.name'), customer.name],
          [t('labels.surname'), customer.surname],
          [t('labels.personalNumber'), customer.identity_number],
          [t('labels.documentNumber'), customer.document_number],
          [t('labels.phone'), customer.phone],
          [t('support.sdaVerified'), yesNo(customer.is_sda_verified)],
          [t('support.documentVerified'), yesNo(customer.is_identomat_verified)],
        ]}
      />
    </Section>
  );
}

export function QuestionnaireSection({ review }: { review: Review }) {
  const { t } = useTranslation();
  const answers = review.questionnaire;
  const none = t('support.none');
  const money = (value: number | null) => (value === null ? none : formatMoney(value));
  const yesNo = (value: boolean) => t(value ? 'labels.yes' : 'labels.no');
  return (
    <Section title={t('decisions.sections.questionnaire')}>
      {answers === null ? (
        <Text>{t('decisions.noQuestionnaire')}</Text>
      ) : (
        <FieldList
          fields={[
            [t('labels.address'), answers.address],
            [t('labels.organisation'), answers.organisation_name],
            [t('labels.position'), answers.position],
            [t('labels.salary'), formatMoney(answers.salary)],
            [
              t('labels.averageMonthlyTransfer'),
              answers.has_transfer ? money(answers.transfer) : none,
            ],
            [t('labels.monthlyExpenses'), formatMoney(answers.monthly_expenses)],
            [t('labels.totalFinancialLiabilities'), formatMoney(answers.total_financial_liability)],
            [t('decisions.monthlyLoanPayments'), money(answers.monthly_loan_payments)],
            [t('labels.politicallyExposed'), yesNo(answers.is_political_active === 1)],
            [t('labels.individualEntrepreneur'), yesNo(answers.is_individual_entrepreneur === 1)],
            [
              t('labels.entrepreneurIncome'),
              answers.is_entrepreneur ? money(answers.entrepreneur_income) : none,
            ],
            [t('labels.pension'), answers.has_pension ? money(answers.pension) : none],
          ]}
        />
      )}
    </Section>
  );
}

/** The customer's other applications, and loans with this lender whose payments the PTI counts. */
export function CustomerApplicationsSection({ review }: { review: Review }) {
  const { t } = useTranslation();
  const others = review.customer_applications;
  return (
    <Section title={t('decisions.sections.customerApplications')}>
      {others.length === 0 ? (
        <Text>{t('decisions.noOtherApplications')}</Text>
      ) : (
        <ScrollableTable
          label={t('decisions.sections.customerApplications')}
          minWidth={640}
          columns={[
            t('decisions.columns.number'),
            t('labels.applicationDate'),
            t('labels.requestedAmount'),
            t('labels.requestedTerm'),
            t('labels.status'),
            t('decisions.monthlyPayment'),
          ]}
        >
          {others.map((other) => (
            <Table.Tr key={other.id}>
              <Table.Th scope="row">{other.id}</Table.Th>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{other.created_at.slice(0, 16)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoney(other.amount)}</Table.Td>
              <Table.Td>{t('main.months', { count: other.months })}</Table.Td>
              <Table.Td>{other.status.name}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {other.monthly_payment === null
                  ? t('support.none')
                  : formatMoney(other.monthly_payment)}
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollableTable>
      )}
    </Section>
  );
}
