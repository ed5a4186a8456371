import { Alert } from '@mantine/core';

/** A message that something failed, announced as it appears; nothing without a message. */
export function ErrorAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}
