import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './field-list.module.css';

/** Read-only label–value pairs as a description list. */
export function FieldList({ fields }: { fields: [label: string, value: ReactNode][] }) {
  return (
    <dl className={classes.fields}>
      {fields.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" fw={600}>
            {value}
          </Text>
        </div>
      ))}
    </dl>
  );
}
