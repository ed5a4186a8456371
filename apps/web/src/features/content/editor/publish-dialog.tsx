import { Button, Group, Stack, Text } from '@mantine/core';
import { consentContentKinds, type ContentKey, type Locale } from '@sesxi/contract';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../shared/ui/dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';

/**
 * The confirmation before a text is published: which text in which language, and for a
 * consent's wording that new consents are recorded with the new version.
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
        {contentKey in consentContentKinds && <Text>{t('contentEditor.confirmConsent')}</Text>}
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
