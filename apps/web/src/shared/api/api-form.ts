import {
  useForm,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormSetError,
} from 'react-hook-form';
import { ApiError, NetworkError } from './api-error';

/** Where a message that belongs to no field goes: `formState.errors.root.server`. */
const formErrorKey = 'root.server';

/**
 * Shows a failed call on a form: each field error of the answer under the field of the same
 * name (the first one focused), anything else as the form's own error. With `fields`, errors
 * for other names (which the form could not show, and which would block its next submit)
 * become the form's own error too. Other errors are bugs and are thrown again.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields?: readonly string[],
): void {
  if (error instanceof ApiError) {
    const entries = Object.entries(error.fieldErrors);
    const shown = fields ? entries.filter(([field]) => fields.includes(field)) : entries;
    const unshown = entries.filter((entry) => !shown.includes(entry));
    shown.forEach(([field, messages], index) => {
      setError(
        field as Path<T>,
        { type: 'server', message: messages.join(' ') },
        { shouldFocus: index === 0 },
      );
    });
    if (shown.length === 0 || unshown.length > 0) {
      const message =
        unshown.length > 0 ? unshown.flatMap(([, messages]) => messages).join(' ') : error.message;
      setError(formErrorKey, { type: 'server', message });
    }
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

/**
 * `useForm` whose submit handler shows the server's answer on the form. The fields of
 * `defaultValues` are the ones it shows errors under.
 */
export function useApiForm<T extends FieldValues, Submitted = T>({
  onSubmit,
  ...formOptions
}: UseApiFormOptions<T, Submitted>) {
  const form = useForm<T, unknown, Submitted>(formOptions);
  const { defaultValues } = formOptions;
  const fields = typeof defaultValues === 'object' ? Object.keys(defaultValues) : undefined;
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyFieldErrors(error, form.setError, fields);
    }
  });
  return { form, submit, formError: form.formState.errors.root?.server?.message };
}
