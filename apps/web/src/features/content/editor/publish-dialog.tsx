import { Button, Group, Stack, Text } from '@mantine/core';
import type { ContentKey, Locale } from '@sesxi/contract';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../shared/ui/dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { VersionedNote } from './versioned-note';

/**
 * The confirmation before a text is published: which text in which language, and for a text
 * kept with every version what becomes of the earlier one.
 */
export function PublishDialog({
  opened,
  contentKey,
  locale,
  busy,
  error,
  onPublish,
  onClose,
}: {
  opened: boolean;
  contentKey: ContentKey;
  locale: Locale;
  busy: boolean;
  error: Error | null;
  onPublish: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      opened={opened}
      title={t('contentEditor.confirmTitle')}
      onClose={onClose}
      closeLabel={t('contentEditor.cancel')}
    >
      <Stack gap="lg">
        <Text>
          {t('contentEditor.confirmText', {
            key: t(`contentEditor.keys.${contentKey}`),
            locale: t(`contentEditor.locales.${locale}`),
          })}
        </Text>
        <VersionedNote contentKey={contentKey} />
        {error && <ErrorAlert message={error.message} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('contentEditor.cancel')}
          </Button>
          <Button loading={busy} onClick={onPublish} data-autofocus>
            {t('contentEditor.publish')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
