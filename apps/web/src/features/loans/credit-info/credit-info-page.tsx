import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import { Checkbox, Stack, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApiForm } from '../../../shared/api/api-form';
import { isWordingChanged } from '../../../shared/api/wording-changed';
import { formatDateTime, formatTimestamp } from '../../../shared/format/date-time';
import { ApplicationStepActions } from '../application-steps/application-step-actions';
import { applicationSteps, useLoanId } from '../application-steps/application-steps';
import { JourneyProgress } from '../../../shared/ui/journey-progress';
import { QueryContent } from '../../../shared/ui/query-content';
import { agreeToCreditInfo, type CreditConsent } from '../api/credit-info-agree';
import { creditInfoKey, creditInfoQuery, type CreditInfo } from '../api/credit-info-show';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { GeorgianText } from '../../../shared/ui/georgian-text';

const notAgreed: CreditConsent = { credit_info: '', agreed_at: '' };

/**
 * The consent under its wording: ticking the box sets `credit_info` to true and `agreed_at` to
 * now (Georgian time), unticking sets both back to empty; the server decides, and its error
 * shows under the box. A consent already given shows ticked with its date, and going on keeps
 * it (nothing is sent: the customer did not agree again). A wording an editor replaced since
 * it was shown is refused: the new one is fetched and shown, the box unticked.
 */
function CreditConsentForm({ loanId, info }: { loanId: number; info: CreditInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const given: CreditConsent | null = info.agreedAt
    ? { credit_info: true, agreed_at: info.agreedAt }
    : null;
  const { form, submit, formError } = useApiForm<CreditConsent>({
    defaultValues: given ?? notAgreed,
    onSubmit: async (values) => {
      const unchanged = given !== null && values.agreed_at === given.agreed_at;
      if (unchanged) {
        await navigate(applicationSteps.identification(loanId));
        return;
      }
      await agreeToCreditInfo(loanId, { ...values, credit_info_version: info.version }).catch(
        async (error: unknown) => {
          if (isWordingChanged(error, 'credit_info')) {
            form.setValue('credit_info', notAgreed.credit_info);
            form.setValue('agreed_at', notAgreed.agreed_at);
            await queryClient.invalidateQueries({ queryKey: creditInfoKey(loanId) });
          }
          throw error;
        },
      );
      await navigate(applicationSteps.identification(loanId));
      // Coming back, the screen shows the consent just given.
      queryClient.removeQueries({ queryKey: creditInfoKey(loanId) });
    },
  });
  const {
    field: { ref: checkboxRef, ...consent },
  } = useController({ control: form.control, name: 'credit_info' });
  const { errors, isSubmitting } = form.formState;
  const agreedAt = useWatch({ control: form.control, name: 'agreed_at' });
  return (
    <Stack component="form" gap="md" onSubmit={(event) => void submit(event)}>
      <GeorgianText html={info.html} />
      <Checkbox
        ref={checkboxRef}
        name={consent.name}
        label={t('creditInfo.agree')}
        description={
          given !== null && agreedAt === given.agreed_at
            ? t('creditInfo.agreedAt', { at: formatDateTime(given.agreed_at) })
            : undefined
        }
        checked={consent.value === true}
        onBlur={consent.onBlur}
        onChange={(event) => {
          const agreed = event.currentTarget.checked;
          consent.onChange(agreed ? true : '');
          form.setValue('agreed_at', agreed ? formatTimestamp() : '');
        }}
        error={errors.credit_info?.message ?? errors.agreed_at?.message}
      />

      <ErrorAlert message={formError} />
      <ApplicationStepActions
        loanId={loanId}
        back={applicationSteps.review(loanId)}
        busy={isSubmitting}
      />
    </Stack>
  );
}

/** `/credit-info/{id}`: consent to the credit-bureau check; then identification. */
export function CreditInfoPage() {
  const { t } = useTranslation();
  const loanId = useLoanId();
  const consent = useQuery(creditInfoQuery(loanId));
  return (
    <Stack gap="lg" maw={640}>
      <JourneyProgress journey="application" current="consent" />
      <Title order={1}>{t('creditInfo.title')}</Title>
      <QueryContent query={consent} loading={t('creditInfo.loading')}>
        {(info) => <CreditConsentForm loanId={loanId} info={info} />}
      </QueryContent>
    </Stack>
  );
}
