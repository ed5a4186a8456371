import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ssoToken } from '../../../shared/sso/sso-token';
import { JourneyProgress } from '../../../shared/ui/journey-progress';
import { useRegisterForm } from '../api/register-form';
import { useSsoUserInfo, type SsoIdentity } from '../api/sso-user-info';
import { AlreadyRegistered } from './already-registered';
import { RegistrationForm } from './registration-form';
import { SsoStep } from './sso-step';
import { LoadFailed } from '../../../shared/ui/page-parts';

/** Once single sign-on proved who the customer is: the form's options, then the form. */
function PersonalDataStep({ token, identity }: { token: string; identity: SsoIdentity }) {
  const { t } = useTranslation();
  const options = useRegisterForm();
  if (options.isError) {
    return <LoadFailed error={options.error} />;
  }
  if (options.isPending) return <Text>{t('register.loading')}</Text>;
  return <RegistrationForm identity={identity} options={options.data} ssoToken={token} />;
}

/** `/register`: the SSO step until a stored token yields an identity, then personal data. */
export function RegisterPage() {
  const { t } = useTranslation();
  // Read once per visit: the token stored as this page leaves for the provider proves nothing yet.
  const [token] = useState(ssoToken.get);
  const info = useSsoUserInfo(token);

  // A token that yields no identity is spent, expired or foreign: forget it (spec §4).
  useEffect(() => {
    if (info.isError) ssoToken.remove();
  }, [info.isError]);

  let step: ReactNode;
  if (token === null || info.isError) step = <SsoStep />;
  else if (info.isPending) step = <Text>{t('register.loading')}</Text>;
  else if (info.data.alreadyRegistered) step = <AlreadyRegistered identity={info.data.identity} />;
  else step = <PersonalDataStep token={token} identity={info.data.identity} />;

  return (
    <Stack gap="lg" maw={480}>
      <JourneyProgress
        journey="onboarding"
        current={token === null || info.isError ? 'sso' : 'details'}
      />
      <Title order={1}>{t('account.register')}</Title>
      {step}
    </Stack>
  );
}
