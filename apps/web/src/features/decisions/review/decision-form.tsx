import { Button, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { applyFieldErrors } from '../../../shared/api/api-form';
import { notify } from '../../../shared/notifications/notification-store';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import type { Review } from './review-types';
import { ErrorAlert } from '../../../shared/ui/error-alert';

/** A refusal the page answers by reloading: someone else acted first (409), or may not (403). */
function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.httpStatus === 409 || error.httpStatus === 403);
}

/** What each of the officer's actions is given. */
export interface ActionProps {
  review: Review;
  /** Called after a conflict or a decision: the page loads the application again. */
  onChanged: () => Promise<unknown>;
  /** Shows a refusal the page cannot put under a field. */
  onConflict: (message: string) => void;
}

interface DecisionSending<Values extends FieldValues, Sent> extends Pick<
  ActionProps,
  'onChanged' | 'onConflict'
> {
  /** Sends the decision; answers the message that says it is done. */
  send: (values: Sent) => Promise<string>;
  /** The form whose fields a refusal that is not a conflict goes under. */
  form: UseFormReturn<Values>;
  fields: readonly (keyof Values & string)[];
}

/**
 * A decision the officer confirms in a dialog first: what waits for the confirmation, and
 * sending it. A conflict reloads the application; other refusals go under the fields.
 */
export function useConfirmedDecision<Values extends FieldValues, Sent>({
  send,
  form,
  fields,
  onChanged,
  onConflict,
}: DecisionSending<Values, Sent>) {
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
      } else applyFieldErrors(error, form.setError, fields);
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

/**
 * A decision's form: its fields, the server's refusal that belongs to no field, the button
 * that asks for the confirmation, and the confirmation that sends it.
 */
export function DecisionForm<Values extends FieldValues, Sent>({
  form,
  decision,
  toSent,
  color,
  submitLabel,
  submitDisabled,
  confirmTitle,
  confirmLabel,
  question,
  children,
}: {
  form: UseFormReturn<Values>;
  decision: ReturnType<typeof useConfirmedDecision<Values, Sent>>;
  /** The form's values as the decision sends them. */
  toSent: (values: Values) => Sent;
  color: string;
  submitLabel: string;
  submitDisabled?: boolean;
  confirmTitle: string;
  confirmLabel: string;
  /** What the confirmation asks. */
  question: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const serverError = form.formState.errors.root?.server;
  return (
    <form
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit((values) => {
          decision.ask(toSent(values));
        })(event)
      }
    >
      <Stack gap="sm">
        {children}
        <ErrorAlert message={serverError?.message} />
        <div>
          <Button type="submit" color={color} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </div>
        <ConfirmDialog
          {...decision.dialog}
          title={confirmTitle}
          confirmLabel={confirmLabel}
          confirmColor={color}
          keepLabel={t('labels.cancel')}
        >
          {question}
        </ConfirmDialog>
      </Stack>
    </form>
  );
}
