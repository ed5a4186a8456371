import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import { Alert, Button, Checkbox, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatTimestamp } from '../../shared/format/date-time';
import { isWordingChanged } from '../../shared/api/wording-changed';
import { notify } from '../../shared/notifications/notification-store';
import { session } from '../../shared/session/session';
import { GeorgianText } from '../../shared/ui/georgian-text';
import { JourneyProgress } from '../../shared/ui/journey-progress';
import { sdaInfoKey, sendSdaConsent, useSdaInfo, type SdaInfo } from './api/sda-checking';
import { LoadFailed } from '../../shared/ui/page-parts';

/** The consent's box, as the server names it. */
const consentField = 'is_sda_verified';

/**
 * The consent form under the check's wording. A wording an editor replaced since it was shown
 * is refused by the server: the new one is fetched and shown, the box unticked, the message
 * under it.
 */
function SdaConsentForm({ info }: { info: SdaInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [agreed, setAgreed] = useState(false);
  const agreement = useRef<HTMLInputElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const consent = useMutation({
    mutationFn: sendSdaConsent,
    onError: async (error) => {
      if (!isWordingChanged(error, consentField)) return;
      setAgreed(false);
      await queryClient.invalidateQueries({ queryKey: sdaInfoKey });
    },
    onSuccess: async (answer) => {
      if (answer.status === 'success') {
        session.update({ is_sda_verified: true });
        await navigate('/questionnaire');
        return;
      }
      // The registry does not confirm the data: the server has removed the unverified account.
      notify({ type: 'error', text: answer.message || t('sda.refused') });
      session.reset();
      await navigate('/register');
    },
  });

  const { error } = consent;
  const wordingChanged = isWordingChanged(error, consentField);

  // The controls were disabled while the request ran, which dropped keyboard focus: give it
  // back, to the box when it is to be ticked again under the new wording.
  useEffect(() => {
    if (!consent.isError) return;
    (wordingChanged ? agreement : submitButton).current?.focus();
  }, [consent.isError, wordingChanged]);

  function submit(event: SubmitEvent) {
    event.preventDefault();
    if (!agreed || consent.isPending) return;
    consent.mutate({
      sda_agreed_at: formatTimestamp(),
      is_sda_verified: true,
      sda_agreement_text: info.text,
      sda_info_version: info.version,
    });
  }

  return (
    <Stack component="form" gap="md" onSubmit={submit}>
      <GeorgianText html={info.html} />
      <Checkbox
        ref={agreement}
        label={t('sda.agree')}
        checked={agreed}
        disabled={consent.isPending}
        error={wordingChanged ? error.message : undefined}
        onChange={(event) => {
          setAgreed(event.currentTarget.checked);
        }}
      />
      {consent.isError && !wordingChanged && (
        <Alert color="red" variant="light" role="alert">
          {t('sda.unavailable')}
        </Alert>
      )}
      {!agreed && (
        <Text size="sm" id="sda-agree-first">
          {t('sda.agreeFirst')}
        </Text>
      )}
      <div>
        <Button
          ref={submitButton}
          type="submit"
          disabled={!agreed}
          loading={consent.isPending}
          aria-describedby={agreed ? undefined : 'sda-agree-first'}
        >
          {t('labels.continue')}
        </Button>
      </div>
      {/* Always present, so that screen readers announce the text when it appears. */}
      <Text role="status" size="sm">
        {consent.isPending ? t('sda.processing') : ''}
      </Text>
    </Stack>
  );
}

/** `/sda-checking`: consent to the personal-data check against the state registry. */
export function SdaCheckingPage() {
  const { t } = useTranslation();
  const info = useSdaInfo();
  return (
    <Stack gap="lg" maw={640}>
      <JourneyProgress journey="onboarding" current="sda" />
      <Title order={1}>{t('sda.title')}</Title>
      {info.isError ? (
        <LoadFailed error={info.error} />
      ) : info.isPending ? (
        <Text>{t('sda.loading')}</Text>
      ) : (
        <SdaConsentForm info={info.data} />
      )}
    </Stack>
  );
}
