import { Alert, Button, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApiForm } from '../../../shared/api/api-form';
import { notify } from '../../../shared/notifications/notification-store';
import { mustChangePassword } from '../../../shared/session/roles';
import { session, useSessionUser } from '../../../shared/session/session';
import { NewPasswordFields } from '../../../shared/ui/new-password-fields';
import { changeOwnPassword } from '../api/change-password';
import { ErrorAlert } from '../../../shared/ui/error-alert';

interface ChangePasswordValues {
  password: string;
  password_confirmation: string;
}

/**
 * `/change-password`: the server ends every session with the change, this one included, so the
 * browser forgets the user and goes to /login itself: a logout call would only send the
 * revoked token and be refused. A temporary password (a new staff account's) is why the guard
 * sends a user here first: the page says so.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const { form, submit, formError } = useApiForm<ChangePasswordValues>({
    defaultValues: { password: '', password_confirmation: '' },
    onSubmit: async (values) => {
      await changeOwnPassword(values);
      session.reset();
      notify({ type: 'success', text: t('changePassword.done') });
      await navigate('/login', { replace: true });
    },
  });
  const { isSubmitting } = form.formState;

  return (
    <Stack gap="lg" maw={420}>
      <Title order={1}>{t('account.changePassword')}</Title>
      {user && mustChangePassword(user) && (
        <Alert color="blue" variant="light" role="status">
          {t('changePassword.temporary')}
        </Alert>
      )}
      <Stack component="form" gap="md" onSubmit={(event) => void submit(event)}>
        <NewPasswordFields form={form} passwordLabel={t('changePassword.newPassword')} />
        <ErrorAlert message={formError} />
        <div>
          <Button type="submit" loading={isSubmitting}>
            {t('account.changePassword')}
          </Button>
        </div>
      </Stack>
    </Stack>
  );
}
