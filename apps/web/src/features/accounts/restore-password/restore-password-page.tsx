import { Button, Stack, Text, Title } from '@mantine/core';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApiForm } from '../../../shared/api/api-form';
import { notify } from '../../../shared/notifications/notification-store';
import { PostingForm } from '../../../shared/ui/posting-form';
import { requestNewPassword } from '../api/restore-password';
import { PhoneVerificationFields } from '../phone-verification/phone-verification-fields';
import { usePhoneVerification } from '../phone-verification/use-phone-verification';
import { ErrorAlert } from '../../../shared/ui/error-alert';

/** `/restore-password`: confirm the account's phone by code, then a new password goes by SMS. */
export function RestorePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, submit, formError } = useApiForm<{ phone: string }>({
    defaultValues: { phone: '' },
    onSubmit: async ({ phone }) => {
      await requestNewPassword(phone);
      notify({ type: 'success', text: t('restore.sent') });
      await navigate('/login');
    },
  });
  const phone = useController({ control: form.control, name: 'phone' });
  const verification = usePhoneVerification('restore_password', phone.field.value);
  const canRequest = verification.phoneStatus === 'valid' && verification.confirmedAt !== null;

  return (
    <Stack gap="lg" maw={420}>
      <Title order={1}>{t('labels.restorePassword')}</Title>
      <Text>{t('restore.intro')}</Text>
      <PostingForm gap="md" onSubmit={(event) => void submit(event)}>
        <PhoneVerificationFields
          {...phone.field}
          verification={verification}
          error={phone.fieldState.error?.message}
        />
        <ErrorAlert message={formError} />
        <div>
          <Button type="submit" disabled={!canRequest} loading={form.formState.isSubmitting}>
            {t('restore.submit')}
          </Button>
        </div>
      </PostingForm>
    </Stack>
  );
}
