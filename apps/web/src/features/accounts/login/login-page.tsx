import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { useApiForm } from '../../../shared/api/api-form';
import { session } from '../../../shared/session/session';
import { PasswordInput } from '../../../shared/ui/password-input';
import { PhoneInput } from '../../../shared/ui/phone-input';
import { PostingForm } from '../../../shared/ui/posting-form';
import { logIn } from '../api/login';
import { ErrorAlert } from '../../../shared/ui/error-alert';

interface LoginValues {
  phone: string;
  password: string;
}

/** Why the visitor is asked to log in again: `?reason=` of the guard or of a refused call. */
const reasonKeys = { expired: 'login.reasonExpired', ended: 'login.reasonEnded' } as const;

function isReason(value: string | null): value is keyof typeof reasonKeys {
  return value !== null && Object.hasOwn(reasonKeys, value);
}

/**
 * A throttled login (429) that names no field: the wait the server asked for, in minutes. The
 * login's own throttle says it under the password already.
 */
function throttledWithoutField(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.httpStatus !== 429) return undefined;
  if (Object.keys(error.fieldErrors).length > 0) return undefined;
  return Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
}

/**
 * `/login`: phone and password; a signed-in user never sees it (the guest-only guard sends
 * them on), and one sent here by an ended session reads why.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const reason = search.get('reason');
  const { form, submit, formError } = useApiForm<LoginValues>({
    defaultValues: { phone: '', password: '' },
    onSubmit: async (values) => {
      try {
        session.set(await logIn(values));
      } catch (error) {
        const minutes = throttledWithoutField(error);
        if (minutes === undefined) throw error;
        form.setError('root.server', {
          type: 'server',
          message: t('login.throttled', { minutes }),
        });
        return;
      }
      await navigate('/main', { replace: true });
    },
  });
  const phone = useController({ control: form.control, name: 'phone' });
  const { errors, isSubmitting } = form.formState;

  return (
    <Stack gap="lg" maw={420}>
      <Title order={1}>{t('account.login')}</Title>
      {isReason(reason) && (
        <Alert color="blue" variant="light" role="status">
          {t(reasonKeys[reason])}
        </Alert>
      )}
      <PostingForm gap="md" onSubmit={(event) => void submit(event)}>
        <PhoneInput
          {...phone.field}
          error={phone.fieldState.error?.message}
          autoComplete="username"
        />
        <PasswordInput
          label={t('labels.password')}
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <ErrorAlert message={formError} />
        <Group justify="space-between" gap="sm">
          <Button type="submit" loading={isSubmitting}>
            {t('account.login')}
          </Button>
          <Anchor component={Link} to="/restore-password">
            {t('labels.forgotPassword')}
          </Anchor>
        </Group>
      </PostingForm>
      <Text>
        {t('login.noAccount')}{' '}
        <Anchor component={Link} to="/register">
          {t('account.register')}
        </Anchor>
      </Text>
    </Stack>
  );
}
