import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import { Alert, Button, Checkbox, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../../shared/api/api-form';
import { ApiError } from '../../../shared/api/api-error';
import { formatMoney } from '../../../shared/format/money';
import { amountInputText, parseGeorgianNumber } from '../../../shared/format/number-input';
import { formatPercent } from '../../../shared/format/percent';
import { notify } from '../../../shared/notifications/notification-store';
import { MoneyInput } from '../../../shared/ui/money-input';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { Section } from '../../../shared/ui/page-parts';
import {
  approveApplication,
  confirmApproval,
  rejectApplication,
  rejectionReasonsQuery,
  takeReview,
} from '../api/decisions';
import { personName, type Review } from './review-types';

/** A refusal the page answers by reloading: someone else acted first (409), or may not (403). */
function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.httpStatus === 409 || error.httpStatus === 403);
}

interface ActionProps {
  review: Review;
  /** Called after a conflict or a decision: the page loads the application again. */
  onChanged: () => Promise<unknown>;
  /** Shows a refusal the page cannot put under a field. */
  onConflict: (message: string) => void;
}

interface DecisionSending<Sent> extends Pick<ActionProps, 'onChanged' | 'onConflict'> {
  /** Sends the decision; answers the message that says it is done. */
  send: (values: Sent) => Promise<string>;
  /** Puts a refusal that is not a conflict under the form's fields. */
  onFieldErrors: (error: unknown) => void;
}

/**
 * A decision the officer confirms in a dialog first: what waits for the confirmation, and
 * sending it. A conflict reloads the application; other refusals go under the fields.
 */
function useConfirmedDecision<Sent>({
  send,
  onFieldErrors,
  onChanged,
  onConflict,
}: DecisionSending<Sent>) {
  const [pending, setPending] = useState<Sent | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async (values: Sent) => {
    setBusy(true);
    try {
      const done = await send(values);
      setPending(null);
      notify({ type: 'success', text: done });
      await onChanged();
    } catch (error) {
      setPending(null);
      if (isConflict(error)) {
        onConflict(error.message);
        await onChanged();
      } else onFieldErrors(error);
    } finally {
      setBusy(false);
    }
  };
  return {
    pending,
    ask: setPending,
    dialog: {
      opened: pending !== null,
      busy,
      onConfirm: () => {
        if (pending !== null) void confirm(pending);
      },
      onClose: () => {
        setPending(null);
      },
    },
  };
}

function TakeReviewButton({ review, onChanged, onConflict }: ActionProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <div>
      <Button
        loading={busy}
        onClick={() => {
          setBusy(true);
          takeReview(review.application.id)
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
        {t('decisions.takeReview')}
      </Button>
    </div>
  );
}

interface ApproveValues {
  amount: string;
  months: string;
}

function ApproveForm({ review, onChanged, onConflict }: ActionProps) {
  const { t } = useTranslation();
  const asked = review.application;
  const form = useForm<ApproveValues>({
    defaultValues: { amount: amountInputText(asked.amount), months: String(asked.months) },
  });
  const { errors } = form.formState;
  const decision = useConfirmedDecision({
    send: async (terms: { amount: number; months: number }) => {
      const { state } = await approveApplication(asked.id, terms);
      return t(state === 'approved' ? 'decisions.done.approved' : 'decisions.done.awaiting');
    },
    onFieldErrors: (error) => {
      applyFieldErrors(error, form.setError, ['amount', 'months']);
    },
    onChanged,
    onConflict,
  });

  return (
    <form
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit((values) => {
          decision.ask({
            amount: parseGeorgianNumber(values.amount) ?? 0,
            months: Number(values.months),
          });
        })(event)
      }
    >
      <Stack gap="sm">
        <Group align="flex-start">
          <MoneyInput
            label={t('decisions.approveAmount')}
            description={t('decisions.notMoreThanAsked', { value: formatMoney(asked.amount) })}
            error={errors.amount?.message}
            {...form.register('amount', {
              validate: (text) => {
                const amount = parseGeorgianNumber(text);
                if (amount === null || amount <= 0) return t('decisions.invalidAmount');
                if (amount > asked.amount) return t('decisions.overAsked');
                return true;
              },
            })}
          />
          <TextInput
            label={t('decisions.approveMonths')}
            inputMode="numeric"
            autoComplete="off"
            description={t('decisions.notMoreThanAsked', {
              value: t('main.months', { count: asked.months }),
            })}
            error={errors.months?.message}
            {...form.register('months', {
              validate: (text) => {
                const months = Number(text.trim());
                if (text.trim() === '' || !Number.isInteger(months) || months <= 0) {
                  return t('decisions.invalidMonths');
                }
                if (months > asked.months) return t('decisions.overAsked');
                return true;
              },
            })}
          />
        </Group>
        {errors.root?.server && (
          <Alert color="red" variant="light" role="alert">
            {errors.root.server.message}
          </Alert>
        )}
        <div>
          <Button type="submit" color="teal.9">
            {t('decisions.approve')}
          </Button>
        </div>
        <ConfirmDialog
          {...decision.dialog}
          title={t('decisions.approveTitle')}
          confirmLabel={t('decisions.yesApprove')}
          confirmColor="teal.9"
          keepLabel={t('labels.cancel')}
        >
          {decision.pending && (
            <Text>
              {t('decisions.approveQuestion', {
                amount: formatMoney(decision.pending.amount),
                months: decision.pending.months,
              })}
            </Text>
          )}
        </ConfirmDialog>
      </Stack>
    </form>
  );
}

interface RejectValues {
  reason_codes: string[];
  note: string;
}

function RejectForm({ review, onChanged, onConflict }: ActionProps) {
  const { t } = useTranslation();
  const reasons = useQuery(rejectionReasonsQuery());
  const form = useForm<RejectValues>({ defaultValues: { reason_codes: [], note: '' } });
  const { errors } = form.formState;
  const decision = useConfirmedDecision({
    send: async (values: RejectValues) => {
      await rejectApplication(review.application.id, values);
      return t('decisions.done.rejected');
    },
    onFieldErrors: (error) => {
      applyFieldErrors(error, form.setError, ['reason_codes', 'note']);
    },
    onChanged,
    onConflict,
  });

  return (
    <form
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit((values) => {
          decision.ask(values);
        })(event)
      }
    >
      <Stack gap="sm">
        {reasons.isPending && <Text>{t('decisions.reasonsLoading')}</Text>}
        {reasons.isError && (
          <Alert color="red" variant="light" role="alert">
            {reasons.error.message}
          </Alert>
        )}
        {reasons.isSuccess && (
          <Controller
            control={form.control}
            name="reason_codes"
            rules={{
              validate: (codes) => codes.length > 0 || t('decisions.pickReason'),
            }}
            render={({ field }) => (
              <Checkbox.Group
                label={t('decisions.reasons')}
                value={field.value}
                onChange={field.onChange}
                error={errors.reason_codes?.message}
                ref={field.ref}
              >
                <Stack gap="xs" mt="xs">
                  {reasons.data.map((reason) => (
                    <Checkbox key={reason.code} value={reason.code} label={reason.text} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          />
        )}
        <Textarea
          label={t('decisions.note')}
          rows={3}
          maxLength={2000}
          error={errors.note?.message}
          {...form.register('note')}
        />
        {errors.root?.server && (
          <Alert color="red" variant="light" role="alert">
            {errors.root.server.message}
          </Alert>
        )}
        <div>
          <Button type="submit" color="red.9" disabled={!reasons.isSuccess}>
            {t('decisions.reject')}
          </Button>
        </div>
        <ConfirmDialog
          {...decision.dialog}
          title={t('decisions.rejectTitle')}
          confirmLabel={t('decisions.yesReject')}
          confirmColor="red.9"
          keepLabel={t('labels.cancel')}
        >
          <Text>{t('decisions.rejectQuestion')}</Text>
        </ConfirmDialog>
      </Stack>
    </form>
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
          ` · ${t('decisions.confirmedBy', { officer: personName(decision.confirmed_by) })}`}
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
      {!refusal && status === 'under_review' && awaiting && review.viewer_is_approver && (
        <Alert color="blue" variant="light">
          {t('decisions.awaitingSecond', { officer: personName(decision.officer) })}
        </Alert>
      )}
      {!refusal && status === 'under_review' && awaiting && !review.viewer_is_approver && (
        <Stack gap="md">
          <Text>{t('decisions.awaitingYou', { officer: personName(decision.officer) })}</Text>
          <ConfirmApproval {...props} />
          <RejectForm {...props} />
        </Stack>
      )}
      {!refusal && status === 'under_review' && !awaiting && (
        <Stack gap="xl">
          <ApproveForm {...props} />
          <RejectForm {...props} />
        </Stack>
      )}
      {!open && !decision && <Text>{t('decisions.noActions')}</Text>}
    </Section>
  );
}
