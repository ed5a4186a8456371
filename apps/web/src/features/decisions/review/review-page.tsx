import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChecksSection } from '../../../shared/identity-checks/checks-section';
import { useRecordId } from '../../../shared/page/not-found';
import { RecordPage } from '../../../shared/page/record-page';
import { reviewQuery } from '../api/decisions';
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

/** `/applications/{id}`: everything an officer decides on, and the decision itself. */
export function ReviewPage() {
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
        <>
          <ApplicationSection review={data} />
          <OfferSection review={data} />
          <AffordabilitySection review={data} />
          <CustomerApplicationsSection review={data} />
          <BureauSection review={data} />
          <CustomerSection review={data} />
          <QuestionnaireSection review={data} />
          <ChecksSection checks={data.identity_checks} />
          <ConsentsSection review={data} />
          <HistorySection review={data} />
          <RecommendationSection review={data} />
          <DecisionActions review={data} onChanged={() => review.refetch()} />
        </>
      )}
    </RecordPage>
  );
}
