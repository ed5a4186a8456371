import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ContentBlockView } from '../../shared/content/content-html';

/** `/faq`: questions and answers the lender edits (content `faq`). */
export function FaqPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t('faq.title')}</Title>
      <ContentBlockView contentKey="faq" />
    </Stack>
  );
}
