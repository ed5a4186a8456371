import '@mantine/core/styles/Paper.layer.css';
import { Alert, Button, Group, List, Paper, Stack, Table, Text } from '@mantine/core';
import type { Affordability } from '@sesxi/contract';
import { seriousOverdueDays } from '@sesxi/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money';
import { formatPercent } from '../../../shared/format/percent';
import { FieldList } from '../../../shared/ui/field-list';
import { Mark, Section } from '../../../shared/ui/page-parts';
import { ScrollableTable } from '../../../shared/ui/scrollable-table';
import type { Review } from './review-types';

// The review's sections on whether the customer can pay: the offer, the payment-to-income
// against its limit, the credit bureau's report, and the advice drawn from them.

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
