import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { telHref } from '../format/phone';

/** The lender's hotline and e-mail, a line each, as links to call or write. */
export function HotlineAndEmail({ hotline, email }: { hotline: string; email: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm">
        {t('contact.hotline')}: <Anchor href={telHref(hotline)}>{hotline}</Anchor>
      </Text>
      <Text size="sm">
        {t('contact.email')}: <Anchor href={`mailto:${email}`}>{email}</Anchor>
      </Text>
    </>
  );
}
