import '@mantine/core/styles/Input.layer.css';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneInput } from '../../../shared/ui/phone-input';
import type { PhoneVerification } from './use-phone-verification';

/** The form's `phone` field, as react-hook-form's `useController` hands it out. */
export interface PhoneField {
  name: string;
  value: string;
  onChange: (phone: string) => void;
  onBlur: () => void;
  ref: Ref<HTMLInputElement>;
}

type PhoneVerificationFieldsProps = PhoneField & {
  verification: PhoneVerification;
  /** The form's own error for the phone, e.g. from its submit. */
  error?: string | undefined;
};

/**
 * Phone number, the send-code button with its wait, and the code field (spec §4). Takes the
 * form's `phone` field spread into its props, next to the verification driving it.
 */
export function PhoneVerificationFields({
  verification,
  error,
  onChange,
  ...phoneField
}: PhoneVerificationFieldsProps) {
  const { t } = useTranslation();
  const confirmed = verification.confirmedAt !== null;
  const codeWait = verification.codeWaitSeconds;

  let status = '';
  if (confirmed) status = t('phoneVerification.confirmed');
  else if (verification.codeSent) {
    status = t('phoneVerification.codeSent', { phone: phoneField.value });
  }

  return (
    <Stack gap="sm">
      <PhoneInput
        {...phoneField}
        onChange={(phone) => {
          verification.phoneChanged(phone);
          onChange(phone);
        }}
        error={error ?? verification.phoneMessage}
      />
      <div>
        <Button
          variant="light"
          disabled={!verification.canSendCode}
          loading={verification.sending}
          onClick={verification.sendCode}
        >
          {t('labels.sendCode')}
        </Button>
        {!confirmed && !verification.sending && verification.sendWaitSeconds > 0 && (
          <Text size="sm" mt={4}>
            {t('phoneVerification.resendIn', { seconds: verification.sendWaitSeconds })}
          </Text>
        )}
      </div>
      <TextInput
        label={t('labels.code')}
        description={
          codeWait > 0
            ? t('phoneVerification.codeRetryIn', { seconds: codeWait })
            : t('phoneVerification.codeDescription')
        }
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={4}
        value={verification.code}
        onChange={(event) => {
          verification.codeChanged(event.currentTarget.value);
        }}
        disabled={!verification.codeSent}
        readOnly={confirmed || verification.checkingCode || codeWait > 0}
        variant={confirmed ? 'filled' : 'default'}
        error={verification.codeMessage}
      />
      <Text role="status" size="sm" c={confirmed ? 'green.9' : undefined}>
        {status}
      </Text>
    </Stack>
  );
}
