import '@mantine/core/styles/Input.layer.css';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { useApiForm } from '../../../shared/api/api-form';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { useCountdown } from '../../../shared/ui/use-countdown';

/** The server spaces codes for one phone and purpose 15 s apart. */
const resendSeconds = 15;

interface CodeConfirmationProps {
  /** Texts a code. */
  send: () => Promise<unknown>;
  /** Confirms with the code typed; field errors of the answer show under the code. */
  confirm: (code: string) => Promise<unknown>;
  confirmLabel: string;
  /** `red.9` for an action that cannot be taken back. */
  confirmColor?: string;
  /** Why no code can be asked for yet; nothing when one can. */
  blockedBy?: string | undefined;
  /**
   * A refusal shown its own way (with a link onwards, say) rather than in the server's words
   * alone; null for every other.
   */
  refusalOf?: (error: unknown) => ReactNode;
}

function retryAfterOf(error: unknown): number {
  return error instanceof ApiError && error.httpStatus === 429
    ? (error.retryAfterSeconds ?? resendSeconds)
    : 0;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A 6-digit code texted to the customer's phone confirms an action (a signature, a
 * withdrawal): "send code", then the code field (the phone offers the texted code) and the
 * confirm button. A new code can be asked for once the server's spacing has passed.
 */
export function CodeConfirmation({
  send,
  confirm,
  confirmLabel,
  confirmColor,
  blockedBy,
  refusalOf,
}: CodeConfirmationProps) {
  const { t } = useTranslation();
  const resendWait = useCountdown();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [refusal, setRefusal] = useState<ReactNode>(null);
  const { form, submit, formError } = useApiForm<{ code: string }>({
    defaultValues: { code: '' },
    onSubmit: async ({ code }) => {
      setRefusal(null);
      try {
        await confirm(code);
      } catch (error) {
        const shown = refusalOf?.(error);
        if (!shown) throw error;
        setRefusal(shown);
      }
    },
  });
  const { errors, isSubmitting } = form.formState;

  // The code field appears once a code is on its way: the next thing to type.
  useEffect(() => {
    if (sent) form.setFocus('code');
  }, [sent, form]);

  function sendCode() {
    setSending(true);
    setRefusal(null);
    send()
      .then(
        () => {
          setSent(true);
          resendWait.start(resendSeconds);
        },
        (error: unknown) => {
          resendWait.start(retryAfterOf(error));
          setRefusal(refusalOf?.(error) ?? <ErrorAlert message={messageOf(error)} />);
        },
      )
      .finally(() => {
        setSending(false);
      });
  }

  return (
    <Stack gap="sm">
      <div>
        <Button
          variant={sent ? 'default' : 'filled'}
          disabled={blockedBy !== undefined || resendWait.seconds > 0}
          loading={sending}
          onClick={sendCode}
        >
          {t('labels.sendCode')}
        </Button>
        {blockedBy && (
          <Text size="sm" mt={4}>
            {blockedBy}
          </Text>
        )}
        {!sending && resendWait.seconds > 0 && (
          <Text size="sm" mt={4}>
            {t('phoneVerification.resendIn', { seconds: resendWait.seconds })}
          </Text>
        )}
      </div>
      <Text role="status" size="sm">
        {sent ? t('contract.code.sent') : ''}
      </Text>
      {refusal}
      {sent && (
        <Stack component="form" gap="sm" onSubmit={(event) => void submit(event)}>
          <TextInput
            label={t('labels.code')}
            description={t('contract.code.description')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errors.code?.message}
            {...form.register('code', {
              pattern: { value: /^\d{6}$/, message: t('contract.code.invalid') },
              required: t('contract.code.invalid'),
            })}
          />
          <ErrorAlert message={formError} />
          <div>
            <Button type="submit" color={confirmColor} loading={isSubmitting}>
              {confirmLabel}
            </Button>
          </div>
        </Stack>
      )}
    </Stack>
  );
}
