import '@mantine/core/styles/Input.layer.css';
import { TextInput } from '@mantine/core';
import type { ComponentProps } from 'react';

/**
 * An amount in lari as a Georgian types it (`1250,50`): a decimal keypad on phones and the
 * lari sign after the field. The form reads the text with `parseGeorgianNumber`.
 */
export function MoneyInput(props: ComponentProps<typeof TextInput>) {
  return <TextInput inputMode="decimal" autoComplete="off" rightSection="₾" {...props} />;
}
