import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money';
import { formatPercent } from '../../../shared/format/percent';
import { notify } from '../../../shared/notifications/notification-store';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { Section } from '../../../shared/ui/page-parts';
import { confirmApproval, takeReview } from '../api/decisions';
import { ApproveForm } from './approve-form';
import type { ActionProps } from './decision-form';
import { RejectForm } from './reject-form';
import type { Review } from './review-types';
import { personName } from '../../../shared/format/person-name';

/** Takes the application into review or, with `takeOver`, over from the colleague holding it. */
function TakeReviewButton({
  review,
  onChanged,
  onConflict,
  takeOver = false,
}: ActionProps & { takeOver?: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <div>
      <Button
        loading={busy}
        onClick={() => {
          setBusy(true);
          takeReview(review.application.id, takeOver)
            .then(async () => {
              notify({ type: 'success', text: t('decisions.done.review') });
              await onChanged();
            })
            .catch(async (error: unknown) => {
              onConflict(error instanceof Error ? error.message : String(error));
              await onChanged();
            })
            .finally(() => {
              setBusy(false);
            });
        }}
      >
        {t(takeOver ? 'decisions.takeOver' : 'decisions.takeReview')}
      </Button>
    </div>
  );
}

function ConfirmApproval({ review, onChanged, onConflict }: ActionProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const { decision } = review;
  if (!decision) return null;
  const send = async () => {
    setBusy(true);
    try {
      await confirmApproval(review.application.id);
      setOpened(false);
      notify({ type: 'success', text: t('decisions.done.confirmed') });
      await onChanged();
    } catch (error) {
      setOpened(false);
      onConflict(error instanceof Error ? error.message : String(error));
      await onChanged();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <Button
        color="teal.9"
        onClick={() => {
          setOpened(true);
        }}
      >
        {t('decisions.confirm')}
      </Button>
      <ConfirmDialog
        opened={opened}
        title={t('decisions.confirmTitle')}
        confirmLabel={t('decisions.yesConfirm')}
        confirmColor="teal.9"
        keepLabel={t('labels.cancel')}
        busy={busy}
        onConfirm={() => void send()}
        onClose={() => {
          setOpened(false);
        }}
      >
        <Text>
          {t('decisions.confirmQuestion', {
            amount: formatMoney(decision.amount ?? 0),
            months: decision.months ?? 0,
            officer: personName(decision.officer),
          })}
        </Text>
      </ConfirmDialog>
    </div>
  );
}

/** The decision so far, in words: state, terms or reasons, who and when. */
function DecisionSummary({ decision }: { decision: NonNullable<Review['decision']> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text fw={700}>{t(`decisions.decided.${decision.state}`)}</Text>
      {decision.amount !== null && decision.months !== null && (
        <Text>
          {t('decisions.approvedTerms', {
            amount: formatMoney(decision.amount),
            months: decision.months,
            payment: decision.monthly_payment === null ? '' : formatMoney(decision.monthly_payment),
            rate: decision.effective_rate === null ? '' : formatPercent(decision.effective_rate),
          })}
        </Text>
      )}
      {decision.reasons.length > 0 && (
        <ul>
          {decision.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      <Text size="sm" c="dimmed">
        {t('decisions.decidedBy', {
          officer: personName(decision.officer),
          at: decision.decided_at,
        })}
        {decision.confirmed_by &&
          ` · ${t('decisions.confirmedBy', { officer: personName(decision.confirmed_by) })}${
            decision.confirmed_at ? `, ${decision.confirmed_at}` : ''
          }`}
      </Text>
    </Stack>
  );
}

/**
 * What the officer may do now: take a new application, approve or reject one in review,
 * confirm another officer's approval (four eyes), or read the decision made.
 */
export function DecisionActions({
  review,
  onChanged,
}: {
  review: Review;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [conflict, setConflict] = useState<string | null>(null);
  const conflictRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (conflict) conflictRef.current?.focus();
  }, [conflict]);
  const props: ActionProps = { review, onChanged, onConflict: setConflict };
  const status = review.application.status.code;
  const { decision } = review;
  const awaiting = decision?.state === 'awaiting_second_officer';
  // The server refuses this officer every decision here (their own application, say): say why.
  const open = status === 'submitted' || status === 'under_review';
  const refusal = open ? review.viewer_refusal : null;
  // A colleague holds it: the officer reads it, and decides only once they take it over.
  const holder = review.application.assigned_officer;
  const held = !refusal && status === 'under_review' && review.held_by_colleague && holder;

  return (
    <Section title={t('decisions.sections.actions')}>
      {conflict && (
        <Alert ref={conflictRef} tabIndex={-1} color="red" variant="light" role="alert">
          {conflict}
        </Alert>
      )}
      {decision && <DecisionSummary decision={decision} />}
      {refusal && (
        <Alert color="yellow" variant="light">
          {refusal}
        </Alert>
      )}
      {!refusal && status === 'submitted' && (
        <>
          <Text>{t('decisions.takeFirst')}</Text>
          <TakeReviewButton {...props} />
        </>
      )}
      {held && (
        <Stack gap="md">
          <Alert color="yellow" variant="light">
            {t('decisions.heldBy', { officer: personName(holder) })}
          </Alert>
          <TakeReviewButton {...props} takeOver />
        </Stack>
      )}
      {!refusal && !held && status === 'under_review' && awaiting && review.viewer_is_approver && (
        <Alert color="blue" variant="light">
          {t('decisions.awaitingSecond', { officer: personName(decision.officer) })}
        </Alert>
      )}
      {!refusal && !held && status === 'under_review' && awaiting && !review.viewer_is_approver && (
        <Stack gap="md">
          <Text>{t('decisions.awaitingYou', { officer: personName(decision.officer) })}</Text>
          <ConfirmApproval {...props} />
          <RejectForm {...props} />
        </Stack>
      )}
      {!refusal && !held && status === 'under_review' && !awaiting && (
        <Stack gap="xl">
          <ApproveForm {...props} />
          <RejectForm {...props} />
        </Stack>
      )}
      {!open && !decision && <Text>{t('decisions.noActions')}</Text>}
    </Section>
  );
}
