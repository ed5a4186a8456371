import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useApiForm } from '../../../shared/api/api-form';
import { session } from '../../../shared/session/session';
import { PasswordInput } from '../../../shared/ui/password-input';
import { PhoneInput } from '../../../shared/ui/phone-input';
import { logIn } from '../api/login';

interface LoginValues {
  phone: string;
  password: string;
}

/** `/login`: phone and password; the route guard takes a signed-in user on from /main. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, submit, formError } = useApiForm<LoginValues>({
    defaultValues: { phone: '', password: '' },
    onSubmit: async (values) => {
      session.set(await logIn(values));
      await navigate('/main');
    },
  });
  const phone = useController({ control: form.control, name: 'phone' });
  const { errors, isSubmitting } = form.formState;

  return (
    <Stack gap="lg" maw={420}>
      <Title order={1}>{t('account.login')}</Title>
      <Stack component="form" gap="md" onSubmit={(event) => void submit(event)}>
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
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Button type="submit" loading={isSubmitting}>
            {t('account.login')}
          </Button>
          <Anchor component={Link} to="/restore-password">
            {t('labels.forgotPassword')}
          </Anchor>
        </Group>
      </Stack>
      <Text>
        {t('login.noAccount')}{' '}
        <Anchor component={Link} to="/register">
          {t('account.register')}
        </Anchor>
      </Text>
    </Stack>
  );
}
