import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import { Group, NativeSelect, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { contentKeys, locales, type ContentKey, type Locale } from '@sesxi/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextEditor } from './text-editor';

/**
 * `/content`, for content editors: pick a text and a language and edit it (text-editor.tsx).
 * Each choice opens an editor of its own: another text starts afresh, the last one's change
 * saved as its draft.
 */
export function ContentEditorPage() {
  const { t } = useTranslation();
  const localeLabelId = useId();
  const [key, setKey] = useState<ContentKey>('claims');
  const [locale, setLocale] = useState<Locale>('ka');

  return (
    <Stack gap="lg">
      <Title order={1}>{t('contentEditor.title')}</Title>
      <Text>{t('contentEditor.intro')}</Text>
      <Group align="flex-end" gap="lg">
        <NativeSelect
          label={t('contentEditor.key')}
          value={key}
          onChange={(event) => {
            setKey(event.currentTarget.value as ContentKey);
          }}
          data={contentKeys.map((value) => ({ value, label: t(`contentEditor.keys.${value}`) }))}
        />
        <Stack gap={4}>
          <Text component="span" size="sm" fw={500} id={localeLabelId}>
            {t('contentEditor.locale')}
          </Text>
          <SegmentedControl
            aria-labelledby={localeLabelId}
            value={locale}
            onChange={(value) => {
              setLocale(value);
            }}
            data={locales.map((value) => ({ value, label: t(`contentEditor.locales.${value}`) }))}
          />
        </Stack>
      </Group>
      <TextEditor key={`${key}:${locale}`} contentKey={key} locale={locale} />
    </Stack>
  );
}
