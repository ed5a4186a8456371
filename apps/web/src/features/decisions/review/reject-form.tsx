import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import { Button, Checkbox, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { rejectApplication, rejectionReasonsQuery } from '../api/decisions';
import { DecisionDialog, useDecisionDialog, type ActionProps } from './decision-form';

interface RejectValues {
  reason_codes: string[];
  note: string;
}

/** Rejection with one or more of the lender's reasons, and a note kept inside, in a dialog. */
export function RejectForm({ review, ...actions }: ActionProps) {
  const { t } = useTranslation();
  const reasons = useQuery(rejectionReasonsQuery());
  const form = useForm<RejectValues>({ defaultValues: { reason_codes: [], note: '' } });
  const { errors } = form.formState;
  const decision = useDecisionDialog({
    send: async (values: RejectValues) => {
      await rejectApplication(review.application.id, values);
      return t('decisions.done.rejected');
    },
    form,
    fields: ['reason_codes', 'note'],
    ...actions,
  });

  return (
    <>
      <Button color="red.9" variant="outline" onClick={decision.open}>
        {t('decisions.reject')}
      </Button>
      <DecisionDialog
        form={form}
        decision={decision}
        toSent={(values) => values}
        title={t('decisions.rejectTitle')}
        color="red.9"
        confirmLabel={t('decisions.yesReject')}
        submitDisabled={!reasons.isSuccess}
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
        <Text>{t('decisions.rejectQuestion')}</Text>
      </DecisionDialog>
    </>
  );
}
