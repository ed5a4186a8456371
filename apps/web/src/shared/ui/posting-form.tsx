import { Stack, type StackProps } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';

interface PostingFormProps extends Omit<StackProps, 'onSubmit'> {
  onSubmit: ComponentProps<'form'>['onSubmit'];
  children: ReactNode;
}

/**
 * A prerendered page's form, its fields stacked. It posts: sent by the browser itself, before
 * the app has started or without JavaScript, its values (a password among them) go in a body
 * to a server that shows the page again (plugins/web.ts), never in the address.
 */
export function PostingForm({ onSubmit, children, ...stack }: PostingFormProps) {
  return (
    <Stack {...stack} renderRoot={(props) => <form {...props} method="post" onSubmit={onSubmit} />}>
      {children}
    </Stack>
  );
}
