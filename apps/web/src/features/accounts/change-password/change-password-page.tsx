import { Alert, Button, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApiForm } from '../../../shared/api/api-form';
import { notify } from '../../../shared/notifications/notification-store';
import { PasswordInput } from '../../../shared/ui/password-input';
import { changeOwnPassword } from '../api/change-password';

interface ChangePasswordValues {
  password: string;
  password_confirmation: string;
}

/** `/change-password`: the server ends every session afterwards, so it goes on to /logout. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const required = t('fields.required');
  const { form, submit, formError } = useApiForm<ChangePasswordValues>({
    defaultValues: { password: '', password_confirmation: '' },
    onSubmit: async (values) => {
      await changeOwnPassword(values);
      notify({ type: 'success', text: t('changePassword.done') });
      await navigate('/logout');
    },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <Stack gap="lg" maw={420}>
      <Title order={1}>{t('account.changePassword')}</Title>
      <Stack component="form" gap="md" onSubmit={(event) => void submit(event)}>
        <PasswordInput
          label={t('changePassword.newPassword')}
          description={t('fields.passwordRule')}
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password', { required })}
        />
        <PasswordInput
          label={t('labels.repeatPassword')}
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...form.register('password_confirmation', { required })}
        />
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <div>
          <Button type="submit" loading={isSubmitting}>
            {t('account.changePassword')}
          </Button>
        </div>
      </Stack>
    </Stack>
  );
}
