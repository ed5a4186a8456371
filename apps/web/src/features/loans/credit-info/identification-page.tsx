import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplicationFound } from '../api/credit-info-show';
import { ApplicationStepActions } from '../application-steps/application-step-actions';
import { applicationSteps, useLoanId } from '../application-steps/application-steps';
import { useStartSso } from '../../../shared/sso/sso-initiate';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { JourneyProgress } from '../../../shared/ui/journey-progress';

/**
 * `/credit-info/{id}/identification/{status?}`: the last step. Single sign-on proves who
 * applies; the SSO callback then finishes the application (see ./finish-after-sso).
 */
export function IdentificationPage() {
  const { t } = useTranslation();
  const loanId = useLoanId();
  useApplicationFound(loanId);
  const sso = useStartSso();
  const ssoButton = useRef<HTMLButtonElement>(null);

  // The button was disabled while busy, which dropped keyboard focus: give it back.
  useEffect(() => {
    if (sso.errorMessage) ssoButton.current?.focus();
  }, [sso.errorMessage]);
  return (
    <Stack gap="lg" maw={640}>
      <JourneyProgress journey="application" current="identification" />
      <Title order={1}>{t('labels.identification')}</Title>
      <Text>{t('identification.text')}</Text>
      <Text>{t('identification.withdrawal')}</Text>
      <ErrorAlert message={sso.errorMessage} />
      <ApplicationStepActions
        loanId={loanId}
        back={applicationSteps.consent(loanId)}
        busy={sso.busy}
      >
        <Button
          ref={ssoButton}
          disabled={sso.busy}
          leftSection={sso.busy ? <Loader size="xs" color="gray.7" aria-hidden="true" /> : null}
          onClick={() => {
            sso.start({ context: 'loan', loan_id: loanId });
          }}
        >
          {sso.busy ? t('identification.busy') : t('identification.start')}
        </Button>
      </ApplicationStepActions>
    </Stack>
  );
}
