import {
  useForm,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormSetError,
} from 'react-hook-form';
import { ApiError, NetworkError } from './api-error';

/** Where a message that belongs to no field goes: `formState.errors.root.server`. */
export const formErrorKey = 'root.server';

/**
 * Shows a failed call on a form: each field error of the answer under the field of the same
 * name (the first one focused), anything else as the form's own error. Other errors are bugs
 * and are thrown again.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
): void {
  if (error instanceof ApiError) {
    const fields = Object.entries(error.fieldErrors);
    fields.forEach(([field, messages], index) => {
      setError(
        field as Path<T>,
        { type: 'server', message: messages.join(' ') },
        { shouldFocus: index === 0 },
      );
    });
    if (fields.length === 0) setError(formErrorKey, { type: 'server', message: error.message });
    return;
  }
  if (error instanceof NetworkError) {
    setError(formErrorKey, { type: 'network', message: error.message });
    return;
  }
  throw error;
}

export interface UseApiFormOptions<T extends FieldValues, Submitted> extends UseFormProps<
  T,
  unknown,
  Submitted
> {
  /** Sends the valid values; a thrown ApiError or NetworkError lands on the form. */
  onSubmit: (values: Submitted) => Promise<unknown>;
}

/** `useForm` whose submit handler shows the server's answer on the form. */
export function useApiForm<T extends FieldValues, Submitted = T>({
  onSubmit,
  ...formOptions
}: UseApiFormOptions<T, Submitted>) {
  const form = useForm<T, unknown, Submitted>(formOptions);
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyFieldErrors(error, form.setError);
    }
  });
  return { form, submit, formError: form.formState.errors.root?.server?.message };
}
