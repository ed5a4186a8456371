import '@mantine/core/styles/Radio.layer.css';
import { Group, Radio } from '@mantine/core';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { QuestionnaireFormValues } from './questionnaire-values';

interface YesNoFieldProps {
  control: Control<QuestionnaireFormValues>;
  name: 'is_political_active' | 'is_individual_entrepreneur';
  label: string;
}

/** A required yes/no question as two radios (1 or 0); the form starts it on no. */
export function YesNoField({ control, name, label }: YesNoFieldProps) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  return (
    <Radio.Group
      label={label}
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      error={fieldState.error?.message}
    >
      <Group gap="xl" mt="xs">
        <Radio value="1" label={t('labels.yes')} onBlur={field.onBlur} />
        <Radio value="0" label={t('labels.no')} onBlur={field.onBlur} />
      </Group>
    </Radio.Group>
  );
}
