import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A text's paragraphs: one per line, blank lines dropped. */
export function paragraphsOf(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '');
}

/**
 * A text the server has in Georgian only (a consent's wording, say), as paragraphs marked
 * `lang="ka"`. In any other locale a short note says so once above it, rather than mixing the
 * languages silently.
 */
export function GeorgianText({ text }: { text: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="xs">
      {i18n.language !== 'ka' && (
        <Text size="sm" fs="italic">
          {t('language.georgianOnly')}
        </Text>
      )}
      <Stack gap="xs" lang="ka">
        {paragraphsOf(text).map((paragraph, index) => (
          // The paragraphs of a fixed text never move: their position is a stable key.
          <Text key={index}>{paragraph}</Text>
        ))}
      </Stack>
    </Stack>
  );
}
