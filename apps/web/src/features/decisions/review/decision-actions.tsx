import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money';
import { formatPercent } from '../../../shared/format/percent';
import { personName } from '../../../shared/format/person-name';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { Section } from '../../../shared/ui/page-parts';
import { confirmApproval, takeReview } from '../api/decisions';
import { ApproveForm } from './approve-form';
import { runAction, type ActionProps } from './decision-form';
import { RejectForm } from './reject-form';
import classes from './review-layout.module.css';
import type { Review } from './review-types';

/** Takes the application into review or, with `takeOver`, over from the colleague holding it. */
function TakeReviewButton({
  review,
  takeOver = false,
  ...actions
}: ActionProps & { takeOver?: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      loading={busy}
      onClick={() => {
        setBusy(true);
        void runAction(actions, async () => {
          await takeReview(review.application.id, takeOver);
          return t('decisions.done.review');
        }).finally(() => {
          setBusy(false);
        });
      }}
    >
      {t(takeOver ? 'decisions.takeOver' : 'decisions.takeReview')}
    </Button>
  );
}

function ConfirmApproval({ review, ...actions }: ActionProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const { decision } = review;
  if (!decision) return null;
  const send = async () => {
    setBusy(true);
    await runAction(
      actions,
      async () => {
        await confirmApproval(review.application.id);
        return t('decisions.done.confirmed');
      },
      {
        close: () => {
          setOpened(false);
        },
      },
    );
    setBusy(false);
  };
  return (
    <>
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
    </>
  );
}

/** The decision so far, in words: state, terms or reasons, the note kept inside, who and when. */
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
      {decision.internal_note !== null && (
        <div>
          <Text size="sm" fw={600}>
            {t('decisions.internalNote')}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{decision.internal_note}</Text>
        </div>
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

/** What was just done, or refused, said where the officer acted. */
type Said = { kind: 'done' | 'refused'; text: string } | null;
/**
 * The decision: what has been decided, why this officer may not decide or must take the
 * application first, and the actions they may take now (take, take over, approve, reject,
 * confirm another officer's approval). The actions and what they did form a bar that stays
 * in reach: beside the record on a wide screen, at the bottom of a phone's.
 */
export function DecisionActions({
  review,
  onChanged,
}: {
  review: Review;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [said, setSaid] = useState<Said>(null);
  const saidRef = useRef<HTMLDivElement>(null);
  // Focused, so that it is heard; here rather than in the alert, after a closing dialog's own
  // effects (which would otherwise give the focus back to the button that opened it).
  useEffect(() => {
    if (said) saidRef.current?.focus();
  }, [said]);
  const props: ActionProps = {
    review,
    onChanged,
    onDone: (text) => {
      setSaid({ kind: 'done', text });
    },
    onConflict: (text) => {
      setSaid({ kind: 'refused', text });
    },
  };
  const status = review.application.status.code;
  const { decision } = review;
  const awaiting = decision?.state === 'awaiting_second_officer';
  // The server refuses this officer every decision here (their own application, say): say why.
  const open = status === 'submitted' || status === 'under_review';
  const refusal = open ? review.viewer_refusal : null;
  // A colleague holds it: the officer reads it, and decides only once they take it over.
  const holder = review.application.assigned_officer;
  const held = !refusal && status === 'under_review' && review.held_by_colleague && holder;
  const deciding = !refusal && !held && status === 'under_review';
  const confirming = deciding && awaiting && !review.viewer_is_approver;

  const buttons =
    !refusal && status === 'submitted' ? (
      <TakeReviewButton {...props} />
    ) : held ? (
      <TakeReviewButton {...props} takeOver />
    ) : confirming ? (
      <>
        <ConfirmApproval {...props} />
        <RejectForm {...props} />
      </>
    ) : deciding && !awaiting ? (
      <>
        <ApproveForm {...props} />
        <RejectForm {...props} />
      </>
    ) : null;

  return (
    <div className={classes.side}>
      <Section title={t('decisions.sections.actions')}>
        {decision && <DecisionSummary decision={decision} />}
        {refusal && (
          <Alert color="yellow" variant="light">
            {refusal}
          </Alert>
        )}
        {!refusal && status === 'submitted' && <Text>{t('decisions.takeFirst')}</Text>}
        {held && (
          <Alert color="yellow" variant="light">
            {t('decisions.heldBy', { officer: personName(holder) })}
          </Alert>
        )}
        {deciding && awaiting && review.viewer_is_approver && (
          <Alert color="blue" variant="light">
            {t('decisions.awaitingSecond', { officer: personName(decision.officer) })}
          </Alert>
        )}
        {confirming && (
          <Text>{t('decisions.awaitingYou', { officer: personName(decision.officer) })}</Text>
        )}
        {!open && !decision && <Text>{t('decisions.noActions')}</Text>}
      </Section>
      {(buttons ?? said) && (
        <div className={classes.bar}>
          {said && (
            <Alert
              ref={saidRef}
              tabIndex={-1}
              color={said.kind === 'done' ? 'teal' : 'red'}
              variant="light"
              role={said.kind === 'done' ? 'status' : 'alert'}
              withCloseButton
              closeButtonLabel={t('labels.close')}
              onClose={() => {
                setSaid(null);
              }}
            >
              {said.text}
            </Alert>
          )}
          {buttons && <Group gap="sm">{buttons}</Group>}
        </div>
      )}
    </div>
  );
}
