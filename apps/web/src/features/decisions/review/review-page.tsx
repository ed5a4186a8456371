import { servicedLoanStatuses } from '@sesxi/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChecksSection } from '../../../shared/identity-checks/checks-section';
import { useRecordId } from '../../../shared/page/not-found';
import { RecordPage } from '../../../shared/page/record-page';
import { reviewQuery } from '../api/decisions';
import { AccountSection, type LedgerView } from './account-section';
import { ContractSection } from './contract-sections';
import { DecisionActions } from './decision-actions';
import {
  AffordabilitySection,
  BureauSection,
  OfferSection,
  RecommendationSection,
} from './affordability-sections';
import {
  ApplicationSection,
  CustomerApplicationsSection,
  CustomerSection,
  QuestionnaireSection,
} from './applicant-sections';
import { ConsentsSection, HistorySection } from './record-sections';
import classes from './review-layout.module.css';
import { ReviewSummary } from './review-summary';

/** Whether an application in `status` is a loan paid out: it has a ledger. */
const paidOut = (status: string) => (servicedLoanStatuses as readonly string[]).includes(status);

/**
 * `/applications/{id}`: everything an officer decides on, and the decision itself. The summary
 * and the decision come first, on screen before any scrolling; the record follows, with the
 * loan's ledger once paid out, shown by `ledger` (the app plugs in the customer's view of it).
 */
export function ReviewPage({ ledger }: { ledger: LedgerView }) {
  const { t } = useTranslation();
  const id = String(useRecordId());
  const review = useQuery(reviewQuery(id));
  return (
    <RecordPage
      listPath="/applications"
      backLabel={t('decisions.backToQueue')}
      title={
        review.isSuccess
          ? t('decisions.applicationNumber', { id: review.data.application.id })
          : t('decisions.reviewTitle')
      }
      record={review}
    >
      {(data) => (
        <div className={classes.layout}>
          <ReviewSummary review={data} />
          <DecisionActions review={data} onChanged={() => review.refetch()} />
          <div className={classes.details}>
            <RecommendationSection review={data} />
            <AffordabilitySection review={data} />
            <BureauSection review={data} />
            <OfferSection review={data} />
            <ApplicationSection review={data} />
            <CustomerApplicationsSection review={data} />
            <CustomerSection review={data} />
            <QuestionnaireSection review={data} />
            <ChecksSection checks={data.identity_checks} />
            <ContractSection id={id} />
            {paidOut(data.application.status.code) && <AccountSection id={id} ledger={ledger} />}
            <ConsentsSection review={data} />
            <HistorySection review={data} />
          </div>
        </div>
      )}
    </RecordPage>
  );
}
