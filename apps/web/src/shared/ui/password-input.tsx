import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import { PasswordInput as MantinePasswordInput } from '@mantine/core';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's password field with a keyboard-reachable, translated show-password toggle, and
 * `aria-invalid` on the input while it shows an error (Mantine's own field leaves it out).
 */
export function PasswordInput(props: ComponentProps<typeof MantinePasswordInput>) {
  const { t } = useTranslation();
  return (
    <MantinePasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('fields.showPassword') }}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
