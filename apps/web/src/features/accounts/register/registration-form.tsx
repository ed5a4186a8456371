import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import { Button, Checkbox, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import type { DocumentType } from '@sesxi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApiForm } from '../../../shared/api/api-form';
import { isWordingChanged } from '../../../shared/api/wording-changed';
import { session } from '../../../shared/session/session';
import { ssoToken as storedSsoToken } from '../../../shared/sso/sso-token';
import { GeorgianText } from '../../../shared/ui/georgian-text';
import { NewPasswordFields } from '../../../shared/ui/new-password-fields';
import { registerUser } from '../api/register';
import { registerFormKey } from '../api/register-form';
import { PhoneVerificationFields } from '../phone-verification/phone-verification-fields';
import { usePhoneVerification } from '../phone-verification/use-phone-verification';
import classes from './registration-form.module.css';
import { ErrorAlert } from '../../../shared/ui/error-alert';

interface RegistrationValues {
  name: string;
  surname: string;
  identity_number: string;
  document_type_id: string;
  document_number: string;
  phone: string;
  password: string;
  password_confirmation: string;
  privacy_policy: boolean;
}

interface RegistrationFormProps {
  /** Who single sign-on proved the customer to be. */
  identity: { name: string; surname: string; identity_number: string };
  options: {
    documentTypes: DocumentType[];
    privacy_policy_info_text: string;
    privacy_policy_info_html: string;
    privacy_policy_info_version: number;
  };
  ssoToken: string;
}

/**
 * The personal-data form of `/register`, after single sign-on. A privacy policy an editor
 * replaced since it was shown is refused by the server: the new one is fetched and shown open,
 * its box unticked, every other field kept.
 */
export function RegistrationForm({ identity, options, ssoToken }: RegistrationFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const policy = useRef<HTMLDetailsElement>(null);
  const { form, submit, formError } = useApiForm<RegistrationValues>({
    defaultValues: {
      ...identity,
      document_type_id: '',
      document_number: '',
      phone: '',
      password: '',
      password_confirmation: '',
      privacy_policy: false,
    },
    onSubmit: async ({ document_type_id, ...values }) => {
      const user = await registerUser({
        ...values,
        document_type_id: document_type_id === '' ? undefined : Number(document_type_id),
        // The checkbox's rule lets the form through only when it is ticked.
        privacy_policy: true,
        phone_verified_at: verification.confirmedAt ?? undefined,
        privacy_policy_agreement_text: options.privacy_policy_info_text,
        privacy_policy_info_version: options.privacy_policy_info_version,
        sso_token: ssoToken,
      }).catch(async (error: unknown) => {
        if (isWordingChanged(error, 'privacy_policy')) {
          form.setValue('privacy_policy', false);
          if (policy.current) policy.current.open = true;
          await queryClient.invalidateQueries({ queryKey: registerFormKey });
        }
        throw error;
      });
      session.set(user);
      await navigate('/sda-checking');
      storedSsoToken.remove();
    },
  });
  const phone = useController({ control: form.control, name: 'phone' });
  const verification = usePhoneVerification('registration', phone.field.value);
  const { errors, isSubmitting } = form.formState;
  // The form exists only with an SSO token, so the phone decides (spec §4).
  const canSubmit = verification.phoneStatus === 'valid' && verification.confirmedAt !== null;
  const readOnlyField = { readOnly: true, variant: 'filled' } as const;

  return (
    <Stack
      component="form"
      gap="md"
      aria-labelledby="registration-form-title"
      onSubmit={(event) => void submit(event)}
    >
      <Title order={2} size="h3" id="registration-form-title">
        {t('register.formTitle')}
      </Title>
      <Text size="sm">{t('register.identityNote')}</Text>
      <TextInput
        label={t('labels.name')}
        {...readOnlyField}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextInput
        label={t('labels.surname')}
        {...readOnlyField}
        error={errors.surname?.message}
        {...form.register('surname')}
      />
      <TextInput
        label={t('labels.personalNumber')}
        {...readOnlyField}
        error={errors.identity_number?.message}
        {...form.register('identity_number')}
      />
      <NativeSelect
        label={t('labels.documentType')}
        data={[
          { value: '', label: t('register.chooseDocumentType') },
          ...options.documentTypes.map((type) => ({ value: String(type.id), label: type.name })),
        ]}
        error={errors.document_type_id?.message}
        {...form.register('document_type_id')}
      />
      <TextInput
        label={t('labels.documentNumber')}
        autoCapitalize="characters"
        autoComplete="off"
        error={errors.document_number?.message}
        {...form.register('document_number')}
      />
      <PhoneVerificationFields
        {...phone.field}
        verification={verification}
        error={phone.fieldState.error?.message}
      />
      <NewPasswordFields form={form} passwordLabel={t('labels.password')} />
      <details ref={policy} className={classes.policy}>
        <summary>{t('register.readPrivacyPolicy')}</summary>
        <div className={classes.policyText}>
          <GeorgianText html={options.privacy_policy_info_html} />
        </div>
      </details>
      <Checkbox
        label={t('labels.privacyPolicyAgree')}
        error={errors.privacy_policy?.message}
        {...form.register('privacy_policy', { required: t('register.privacyPolicyRequired') })}
      />
      <ErrorAlert message={formError} />
      {!canSubmit && <Text size="sm">{t('register.confirmPhoneFirst')}</Text>}
      <div>
        <Button type="submit" disabled={!canSubmit} loading={isSubmitting}>
          {t('register.submit')}
        </Button>
      </div>
    </Stack>
  );
}
