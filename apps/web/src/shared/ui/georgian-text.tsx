import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ContentHtml } from '../content/content-html';

/**
 * A text the server has in Georgian only (a consent's wording, say), as the sanitised HTML its
 * editor published (the server's allow-list made it safe: lists, bold and links stay), marked
 * `lang="ka"`. In any other locale a short note says so once above it, rather than mixing the
 * languages silently.
 */
export function GeorgianText({ html }: { html: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="xs">
      {i18n.language !== 'ka' && (
        <Text size="sm" fs="italic">
          {t('language.georgianOnly')}
        </Text>
      )}
      <div lang="ka">
        <ContentHtml html={html} />
      </div>
    </Stack>
  );
}
