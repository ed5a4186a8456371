import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import { Checkbox, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { rejectApplication, rejectionReasonsQuery } from '../api/decisions';
import { DecisionForm, useConfirmedDecision, type ActionProps } from './decision-form';
import { ErrorAlert } from '../../../shared/ui/error-alert';

interface RejectValues {
  reason_codes: string[];
  note: string;
}

/** Rejection with one or more of the lender's reasons, and a note. */
export function RejectForm({ review, ...actions }: ActionProps) {
  const { t } = useTranslation();
  const reasons = useQuery(rejectionReasonsQuery());
  const form = useForm<RejectValues>({ defaultValues: { reason_codes: [], note: '' } });
  const { errors } = form.formState;
  const decision = useConfirmedDecision({
    send: async (values: RejectValues) => {
      await rejectApplication(review.application.id, values);
      return t('decisions.done.rejected');
    },
    form,
    fields: ['reason_codes', 'note'],
    ...actions,
  });

  return (
    <DecisionForm
      form={form}
      decision={decision}
      toSent={(values) => values}
      color="red.9"
      submitLabel={t('decisions.reject')}
      submitDisabled={!reasons.isSuccess}
      confirmTitle={t('decisions.rejectTitle')}
      confirmLabel={t('decisions.yesReject')}
      question={<Text>{t('decisions.rejectQuestion')}</Text>}
    >
      {reasons.isPending && <Text>{t('decisions.reasonsLoading')}</Text>}
      <ErrorAlert message={reasons.error?.message} />
      {reasons.isSuccess && (
        <Controller
          control={form.control}
          name="reason_codes"
          rules={{
            validate: (codes) => codes.length > 0 || t('decisions.pickReason'),
          }}
          render={({ field }) => (
            <Checkbox.Group
              label={t('decisions.reasons')}
              value={field.value}
              onChange={field.onChange}
              error={errors.reason_codes?.message}
              ref={field.ref}
            >
              <Stack gap="xs" mt="xs">
                {reasons.data.map((reason) => (
                  <Checkbox key={reason.code} value={reason.code} label={reason.text} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
      )}
      <Textarea
        label={t('decisions.note')}
        rows={3}
        maxLength={2000}
        error={errors.note?.message}
        {...form.register('note')}
      />
    </DecisionForm>
  );
}
