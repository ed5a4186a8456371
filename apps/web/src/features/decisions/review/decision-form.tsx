import { Button, Group, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { applyFieldErrors } from '../../../shared/api/api-form';
import { Dialog } from '../../../shared/ui/dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import type { Review } from './review-types';

/** A refusal the page answers by reloading: someone else acted first (409), or may not (403). */
function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.httpStatus === 409 || error.httpStatus === 403);
}

/** What each of the officer's actions is given. */
export interface ActionProps {
  review: Review;
  /** Called after a conflict or a decision: the page loads the application again. */
  onChanged: () => Promise<unknown>;
  /** Says on the page, where the officer acted, that the action is done. */
  onDone: (message: string) => void;
  /** Shows a refusal the page cannot put under a field. */
  onConflict: (message: string) => void;
}

/**
 * Runs an action: `send` answers the words that say it is done. A conflict, or any refusal
 * when there is no `underFields`, is said on the page; `underFields` puts the others under
 * the form's fields (its dialog stays open). `close` shuts the action's dialog in the same
 * render as the words appear, so that the focus goes to them, not back to the button.
 */
export async function runAction(
  { onChanged, onDone, onConflict }: Omit<ActionProps, 'review'>,
  send: () => Promise<string>,
  { underFields, close }: { underFields?: (error: unknown) => void; close?: () => void } = {},
): Promise<void> {
  try {
    const done = await send();
    await onChanged();
    close?.();
    onDone(done);
  } catch (error) {
    if (underFields && !isConflict(error)) {
      underFields(error);
      return;
    }
    await onChanged();
    close?.();
    onConflict(error instanceof Error ? error.message : String(error));
  }
}

interface DecisionSending<Values extends FieldValues, Sent> extends Omit<ActionProps, 'review'> {
  /** Sends the decision; answers the words that say it is done. */
  send: (values: Sent) => Promise<string>;
  /** The form whose fields a refusal that is not a conflict goes under. */
  form: UseFormReturn<Values>;
  fields: readonly (keyof Values & string)[];
}

/** A decision made in a dialog: whether it is open, and sending it. */
export function useDecisionDialog<Values extends FieldValues, Sent>({
  send,
  form,
  fields,
  ...actions
}: DecisionSending<Values, Sent>) {
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setOpened(false);
  };
  const submit = async (values: Sent) => {
    setBusy(true);
    await runAction(actions, () => send(values), {
      underFields: (error) => {
        applyFieldErrors(error, form.setError, fields);
      },
      close,
    });
    setBusy(false);
  };
  return {
    opened,
    busy,
    submit,
    open: () => {
      setOpened(true);
    },
    close,
  };
}

/**
 * A decision's dialog: its fields, what it will do, the server's refusal that belongs to no
 * field, and the button that sends it (the dialog is the officer's confirmation).
 */
export function DecisionDialog<Values extends FieldValues, Sent>({
  form,
  decision,
  toSent,
  title,
  color,
  confirmLabel,
  submitDisabled = false,
  children,
}: {
  form: UseFormReturn<Values>;
  decision: ReturnType<typeof useDecisionDialog<Values, Sent>>;
  /** The form's values as the decision sends them. */
  toSent: (values: Values) => Sent;
  title: string;
  color: string;
  confirmLabel: string;
  submitDisabled?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const serverError = form.formState.errors.root?.server;
  return (
    <Dialog opened={decision.opened} onClose={decision.close} title={title} busy={decision.busy}>
      <form
        noValidate
        onSubmit={(event) =>
          void form.handleSubmit((values) => decision.submit(toSent(values)))(event)
        }
      >
        <Stack gap="md">
          {children}
          <ErrorAlert message={serverError?.message} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={decision.close} disabled={decision.busy}>
              {t('labels.cancel')}
            </Button>
            <Button type="submit" color={color} loading={decision.busy} disabled={submitDisabled}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
