import { Anchor, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ChecksSection } from '../../../shared/identity-checks/checks-section';
import { listHref } from '../../../shared/list/list-location';
import { throwIfNotFound, useRecordId } from '../../../shared/page/not-found';
import { LoadFailed, LoadingLine } from '../../../shared/ui/page-parts';
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
  const location = useLocation();
  const review = useQuery(reviewQuery(id));
  throwIfNotFound(review.error);

  return (
    <Stack gap="xl">
      <Anchor component={Link} to={listHref('/applications', location.state)}>
        {t('decisions.backToQueue')}
      </Anchor>
      <Title order={1}>
        {review.isSuccess
          ? t('decisions.applicationNumber', { id: review.data.application.id })
          : t('decisions.reviewTitle')}
      </Title>
      {review.isPending && <LoadingLine />}
      {review.isError && <LoadFailed error={review.error} />}
      {review.isSuccess && (
        <>
          <ApplicationSection review={review.data} />
          <OfferSection review={review.data} />
          <AffordabilitySection review={review.data} />
          <CustomerApplicationsSection review={review.data} />
          <BureauSection review={review.data} />
          <CustomerSection review={review.data} />
          <QuestionnaireSection review={review.data} />
          <ChecksSection checks={review.data.identity_checks} />
          <ConsentsSection review={review.data} />
          <HistorySection review={review.data} />
          <RecommendationSection review={review.data} />
          <DecisionActions review={review.data} onChanged={() => review.refetch()} />
        </>
      )}
    </Stack>
  );
}
