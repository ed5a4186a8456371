import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from './password-input';

interface NewPassword {
  password: string;
  password_confirmation: string;
}

interface NewPasswordFieldsProps<Values extends FieldValues & NewPassword> {
  form: UseFormReturn<Values>;
  passwordLabel: string;
}

/** A new password with its rule, and its repetition: registration and password change. */
export function NewPasswordFields<Values extends FieldValues & NewPassword>({
  form,
  passwordLabel,
}: NewPasswordFieldsProps<Values>) {
  const { t } = useTranslation();
  const required = t('fields.required');
  const errors = form.formState.errors as FieldErrors<NewPassword>;
  return (
    <>
      <PasswordInput
        label={passwordLabel}
        description={t('fields.passwordRule')}
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password' as Path<Values>, { required })}
      />
      <PasswordInput
        label={t('labels.repeatPassword')}
        autoComplete="new-password"
        error={errors.password_confirmation?.message}
        {...form.register('password_confirmation' as Path<Values>, { required })}
      />
    </>
  );
}
