import { Group, Stack, Text } from '@mantine/core';
import { seriousOverdueDays } from '@sesxi/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money';
import { formatPercent } from '../../../shared/format/percent';
import { personName } from '../../../shared/format/person-name';
import { Mark, Section } from '../../../shared/ui/page-parts';
import { BureauFlag, DocumentCheck } from '../flags';
import { BankStatementButton } from './applicant-sections';
import { PtiTerm } from './pti-term';
import classes from './review-layout.module.css';
import type { Review } from './review-types';

/** The PTI the rules weigh (the bureau's once its report is in), against its limit. */
function Pti({ review }: { review: Review }) {
  const { t } = useTranslation();
  const { bureau } = review;
  const [affordability, source] =
    bureau.state === 'ready'
      ? [bureau.affordability, t('decisions.summary.ptiBureau')]
      : [review.offer?.affordability, t('decisions.summary.ptiDeclared')];
  if (!affordability) return t('support.none');
  return (
    <>
      {affordability.pti === null ? t('decisions.ptiNone') : formatPercent(affordability.pti)}{' '}
      <Text span size="sm" c="dimmed" fw={400}>
        ({t('decisions.ptiLimit', { limit: formatPercent(affordability.limit) })}, {source})
      </Text>
      <Text span display="block">
        <Mark ok={affordability.fits} notOkColor="red.9">
          {t(affordability.fits ? 'decisions.fits' : 'decisions.exceeds')}
        </Mark>
      </Text>
    </>
  );
}

const verdictColors = { approve: 'teal.9', review: 'orange.9', reject: 'red.9' } as const;

/**
 * Everything that decides the case, before any scrolling: the terms asked and their price,
 * the PTI against its limit, the bureau's red flag, the documents, the rules' advice, and
 * who holds the application.
 */
export function ReviewSummary({ review }: { review: Review }) {
  const { t } = useTranslation();
  const { application, bureau, offer, recommendation } = review;
  const latestCheck = review.identity_checks[0];
  const figures: [term: ReactNode, value: ReactNode][] = [
    [t('labels.requestedAmount'), formatMoney(application.amount)],
    [t('labels.requestedTerm'), t('main.months', { count: application.months })],
    [
      t('decisions.monthlyPayment'),
      offer ? formatMoney(offer.offer.monthly_payment) : t('support.none'),
    ],
    [
      t('decisions.summary.effectiveRate'),
      offer ? formatPercent(offer.offer.effective_rate) : t('support.none'),
    ],
    [<PtiTerm key="pti" />, <Pti key="pti" review={review} />],
    [
      t('decisions.columns.bureau'),
      <BureauFlag
        key="bureau"
        bureau={{
          state: bureau.state,
          serious_overdue:
            bureau.state === 'ready'
              ? bureau.report.loans.some((loan) => loan.overdue_days >= seriousOverdueDays)
              : null,
        }}
      />,
    ],
    [
      t('decisions.columns.documentCheck'),
      <DocumentCheck
        key="check"
        passed={latestCheck?.outcome ? latestCheck.outcome === 'success' : null}
      />,
    ],
    [
      t('decisions.sections.recommendation'),
      <Text key="verdict" span fw={700} c={verdictColors[recommendation.verdict]}>
        {t(`decisions.verdicts.${recommendation.verdict}`)}
      </Text>,
    ],
    [t('labels.status'), application.status.name],
    [
      t('decisions.assignedOfficer'),
      application.assigned_officer
        ? personName(application.assigned_officer)
        : t('decisions.unassigned'),
    ],
  ];
  return (
    <div className={classes.summary}>
      <Section title={t('decisions.summary.title')}>
        <Stack gap="sm">
          <dl className={classes.figures}>
            {figures.map(([term, value], index) => (
              <div key={index}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <Group>
            <BankStatementButton review={review} />
          </Group>
        </Stack>
      </Section>
    </div>
  );
}
