import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import { Alert, Button, Group, List, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import type { Affordability } from '@sesxi/contract';
import { seriousOverdueDays } from '@sesxi/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../shared/api/api-client';
import { formatMoney } from '../../../shared/format/money';
import { formatPercent } from '../../../shared/format/percent';
import { FieldList } from '../../../shared/ui/field-list';
import { Mark, Section } from '../../../shared/ui/page-parts';
import { ScrollableTable } from '../../../shared/ui/scrollable-table';
import { downloadBankStatement } from '../api/decisions';
import { personName, type Review } from './review-types';

function BankStatementButton({ review }: { review: Review }) {
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
      <BankStatementButton review={review} />
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

export function OfferSection({ review }: { review: Review }) {
  const { t } = useTranslation();
  const [scheduleShown, setScheduleShown] = useState(false);
  const submitted = review.offer;
  if (!submitted) {
    return (
      <Section title={t('decisions.sections.offer')}>
        <Text>{t('decisions.noOffer')}</Text>
      </Section>
    );
  }
  const { offer } = submitted;
  return (
    <Section title={t('decisions.sections.offer')}>
      <Group gap="xl">
        <div>
          <Text size="sm" c="dimmed">
            {t('decisions.monthlyPayment')}
          </Text>
          <Text fz="xl" fw={700}>
            {formatMoney(offer.monthly_payment)}
          </Text>
        </div>
        <div>
          <Text size="sm" c="dimmed">
            {t('decisions.effectiveRate')}
          </Text>
          <Text fz="xl" fw={700}>
            {formatPercent(offer.effective_rate)}
          </Text>
        </div>
      </Group>
      <FieldList
        fields={[
          [t('decisions.nominalRate'), formatPercent(offer.nominal_rate)],
          [t('decisions.totalRepayment'), formatMoney(offer.total_repayment)],
          [t('decisions.totalCost'), formatMoney(offer.total_cost)],
          [t('decisions.upfrontFee'), formatMoney(offer.upfront_fee)],
        ]}
      />
      <div>
        <Button
          variant="subtle"
          aria-expanded={scheduleShown}
          onClick={() => {
            setScheduleShown(!scheduleShown);
          }}
        >
          {t(scheduleShown ? 'decisions.hideSchedule' : 'decisions.showSchedule')}
        </Button>
      </div>
      {scheduleShown && (
        <ScrollableTable
          label={t('decisions.schedule')}
          minWidth={640}
          columns={[
            t('decisions.scheduleColumns.number'),
            t('decisions.scheduleColumns.date'),
            t('decisions.scheduleColumns.payment'),
            t('decisions.scheduleColumns.principal'),
            t('decisions.scheduleColumns.interest'),
            t('decisions.scheduleColumns.fee'),
            t('decisions.scheduleColumns.balance'),
          ]}
        >
          {offer.schedule.map((row) => (
            <Table.Tr key={row.number}>
              <Table.Td>{row.number}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.date}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.payment)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.principal)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.interest)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.fee)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.balance)}</Table.Td>
            </Table.Tr>
          ))}
        </ScrollableTable>
      )}
    </Section>
  );
}

/** A PTI against its limit, in words as well as in colour. */
function PtiLine({ label, affordability }: { label: string; affordability: Affordability }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      <Text fw={600}>
        {label}:{' '}
        {affordability.pti === null ? t('decisions.ptiNone') : formatPercent(affordability.pti)}
      </Text>
      <Text c="dimmed">
        {t('decisions.ptiLimit', { limit: formatPercent(affordability.limit) })}
      </Text>
      <Mark ok={affordability.fits} notOkColor="red.9">
        {t(affordability.fits ? 'decisions.fits' : 'decisions.exceeds')}
      </Mark>
    </Group>
  );
}

export function AffordabilitySection({ review }: { review: Review }) {
  const { t } = useTranslation();
  const { bureau } = review;
  return (
    <Section title={t('decisions.sections.affordability')}>
      {review.offer && (
        <>
          <PtiLine label={t('decisions.ptiDeclared')} affordability={review.offer.affordability} />
          <FieldList
            fields={[
              [t('decisions.lenderObligations'), formatMoney(review.offer.lender_obligations)],
            ]}
          />
        </>
      )}
      {bureau.state === 'ready' && (
        <>
          <PtiLine label={t('decisions.ptiBureau')} affordability={bureau.affordability} />
          <FieldList
            fields={[
              [t('decisions.declaredObligations'), formatMoney(bureau.declared_obligations)],
              [t('decisions.bureauObligations'), formatMoney(bureau.obligations)],
            ]}
          />
        </>
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

export function BureauSection({ review }: { review: Review }) {
  const { t } = useTranslation();
  const { bureau } = review;
  return (
    <Section title={t('decisions.sections.bureau')}>
      {bureau.state === 'pending' && (
        <Text>
          {t('decisions.bureauPending', { attempts: bureau.attempts, at: bureau.requested_at })}
        </Text>
      )}
      {bureau.state === 'unavailable' && (
        <Text>{t('decisions.bureauUnavailable', { reason: bureau.reason })}</Text>
      )}
      {bureau.state === 'ready' && (
        <>
          {bureau.report.loans.some((loan) => loan.overdue_days >= seriousOverdueDays) && (
            <Alert color="red" variant="filled">
              <Text fw={700}>{t('decisions.seriousOverdueWarning')}</Text>
            </Alert>
          )}
          <FieldList
            fields={[
              [t('decisions.fetchedAt'), bureau.fetched_at],
              [t('decisions.enquiries'), bureau.report.enquiries],
              [t('decisions.score'), bureau.report.score ?? t('support.none')],
            ]}
          />
          {bureau.report.loans.length === 0 ? (
            <Text>{t('decisions.noBureauLoans')}</Text>
          ) : (
            <ScrollableTable
              label={t('decisions.sections.bureau')}
              minWidth={560}
              columns={[
                t('decisions.bureauColumns.lender'),
                t('decisions.bureauColumns.monthlyPayment'),
                t('decisions.bureauColumns.outstanding'),
                t('decisions.bureauColumns.overdue'),
              ]}
            >
              {bureau.report.loans.map((loan, index) => (
                <Table.Tr key={index}>
                  <Table.Th scope="row">{loan.lender}</Table.Th>
                  <Table.Td>{formatMoney(loan.monthly_payment)}</Table.Td>
                  <Table.Td>{formatMoney(loan.outstanding)}</Table.Td>
                  <Table.Td>
                    {loan.overdue_days === 0 ? (
                      t('decisions.notOverdue')
                    ) : (
                      <Text
                        span
                        size="sm"
                        fw={loan.overdue_days >= seriousOverdueDays ? 700 : 400}
                        c={loan.overdue_days >= seriousOverdueDays ? 'red.9' : undefined}
                      >
                        {t('decisions.overdueDays', { count: loan.overdue_days })}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </ScrollableTable>
          )}
        </>
      )}
    </Section>
  );
}

export function ConsentsSection({ review }: { review: Review }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Review['consents'][number] | null>(null);
  return (
    <Section title={t('decisions.sections.consents')}>
      {review.consents.length === 0 ? (
        <Text>{t('decisions.noConsents')}</Text>
      ) : (
        <ScrollableTable
          label={t('decisions.sections.consents')}
          minWidth={560}
          columns={[
            t('decisions.consentColumns.kind'),
            t('decisions.consentColumns.version'),
            t('decisions.consentColumns.agreedAt'),
            t('decisions.consentColumns.wording'),
          ]}
        >
          {review.consents.map((consent) => (
            <Table.Tr key={`${consent.kind}-${String(consent.version)}-${consent.agreed_at}`}>
              <Table.Th scope="row">{t(`decisions.consentKinds.${consent.kind}`)}</Table.Th>
              <Table.Td>{consent.version}</Table.Td>
              <Table.Td>{consent.agreed_at}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="default"
                  aria-label={t('decisions.wordingOf', {
                    kind: t(`decisions.consentKinds.${consent.kind}`),
                  })}
                  onClick={() => {
                    setShown(consent);
                  }}
                >
                  {t('decisions.showWording')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollableTable>
      )}
      <Modal
        opened={shown !== null}
        onClose={() => {
          setShown(null);
        }}
        title={
          shown
            ? `${t(`decisions.consentKinds.${shown.kind}`)} · ${t('decisions.consentVersion', { version: shown.version })}`
            : ''
        }
        size="lg"
        closeButtonProps={{ 'aria-label': t('support.close') }}
        attributes={{ header: { role: 'none' } }}
      >
        <Text style={{ whiteSpace: 'pre-wrap' }}>{shown?.text}</Text>
      </Modal>
    </Section>
  );
}

export function HistorySection({ review }: { review: Review }) {
  const { t, i18n } = useTranslation();
  /** A status or a move in words; a code this build does not know, as the server wrote it. */
  const say = (group: 'statuses' | 'moves', code: string) => {
    const key = `decisions.${group}.${code}`;
    return i18n.exists(key) ? (t(key as never) as string) : code;
  };
  return (
    <Section title={t('decisions.sections.history')}>
      <ScrollableTable
        label={t('decisions.sections.history')}
        minWidth={640}
        columns={[
          t('decisions.historyColumns.at'),
          t('decisions.historyColumns.from'),
          t('decisions.historyColumns.to'),
          t('decisions.historyColumns.actor'),
          t('decisions.historyColumns.reason'),
        ]}
      >
        {review.history.map((entry, index) => (
          <Table.Tr key={index}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.at}</Table.Td>
            <Table.Td>
              {entry.from === null ? t('support.none') : say('statuses', entry.from)}
            </Table.Td>
            <Table.Td>{say('statuses', entry.to)}</Table.Td>
            <Table.Td>{entry.actor ? personName(entry.actor) : t('decisions.system')}</Table.Td>
            <Table.Td>{say('moves', entry.reason)}</Table.Td>
          </Table.Tr>
        ))}
      </ScrollableTable>
    </Section>
  );
}

export function RecommendationSection({ review }: { review: Review }) {
  const { t } = useTranslation();
  const { recommendation } = review;
  return (
    <Section title={t('decisions.sections.recommendation')}>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Text fw={700}>
            {t('decisions.verdict', { verdict: t(`decisions.verdicts.${recommendation.verdict}`) })}
          </Text>
          {recommendation.for.length > 0 && (
            <div>
              <Text fw={600}>{t('decisions.speaksFor')}</Text>
              <List>
                {recommendation.for.map((reason) => (
                  <List.Item key={reason}>{reason}</List.Item>
                ))}
              </List>
            </div>
          )}
          {recommendation.against.length > 0 && (
            <div>
              <Text fw={600}>{t('decisions.speaksAgainst')}</Text>
              <List>
                {recommendation.against.map((reason) => (
                  <List.Item key={reason}>{reason}</List.Item>
                ))}
              </List>
            </div>
          )}
          <Text size="sm" c="dimmed">
            {t('decisions.adviceOnly')}
          </Text>
        </Stack>
      </Paper>
    </Section>
  );
}
