import '@mantine/core/styles/Input.layer.css';
import { TextInput } from '@mantine/core';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { isPhoneTooLong, nationalPhoneDigits } from '../format/phone';

type PhoneInputProps = Omit<ComponentProps<typeof TextInput>, 'value' | 'onChange'> & {
  value: string;
  /** Receives the national digits only (see `nationalPhoneDigits`). */
  onChange: (phone: string) => void;
};

/**
 * A Georgian mobile number typed without +995, which the field shows in front of it. A number
 * longer than 9 digits stays as typed and is refused under the field (unless the form has an
 * error of its own to show there).
 */
export function PhoneInput({ value, onChange, error, ...props }: PhoneInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('labels.phone')}
      description={t('fields.phoneDescription')}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      leftSection={<span aria-hidden="true">+995</span>}
      leftSectionWidth={56}
      value={value}
      error={error ?? (isPhoneTooLong(value) ? t('fields.phoneTooLong') : undefined)}
      onChange={(event) => {
        onChange(nationalPhoneDigits(event.currentTarget.value));
      }}
      {...props}
    />
  );
}
