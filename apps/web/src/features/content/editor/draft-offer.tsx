import { Button, Group, Text } from '@mantine/core';
import type { ContentDraft } from '@sesxi/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date-time';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import classes from './content-editor.module.css';

/**
 * The editor's draft of this text, found on opening it: continue it, or throw it away and start
 * from the published version. Said too when a version was published after the draft began.
 */
export function DraftOffer({
  draft,
  publishedVersion,
  busy,
  error,
  onContinue,
  onDiscard,
}: {
  draft: ContentDraft;
  publishedVersion: number;
  busy: boolean;
  error: Error | null;
  onContinue: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={classes.draftOffer}>
      <Text id={titleId} fw={600} mb={4}>
        {t('contentEditor.draftFound', { savedAt: formatDateTime(draft.saved_at) })}
      </Text>
      {draft.base_version < publishedVersion && (
        <Text size="sm" mb={4}>
          {t('contentEditor.draftOlder', {
            base: draft.base_version,
            version: publishedVersion,
          })}
        </Text>
      )}
      <ErrorAlert message={error?.message} />
      <Group mt="sm">
        <Button onClick={onContinue} disabled={busy}>
          {t('contentEditor.draftContinue')}
        </Button>
        <Button variant="default" onClick={onDiscard} loading={busy}>
          {t('contentEditor.draftDiscard')}
        </Button>
      </Group>
    </section>
  );
}
