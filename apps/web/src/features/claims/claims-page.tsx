import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useContactMain } from '../../shared/contact/contact-main';
import { ContentBlockView } from '../../shared/content/content-html';
import { telHref } from '../../shared/format/phone';
import classes from './claims-page.module.css';

function LenderChannels() {
  const { t } = useTranslation();
  const contact = useContactMain();

  if (contact.isPending) return <Text>{t('contact.loading')}</Text>;
  if (contact.isError) return <Text>{t('contact.loadFailed')}</Text>;

  const { hotline, email, branches } = contact.data;
  return (
    <>
      <Text>
        {t('contact.hotline')}: <Anchor href={telHref(hotline)}>{hotline}</Anchor>
      </Text>
      <Text>
        {t('contact.email')}: <Anchor href={`mailto:${email}`}>{email}</Anchor>
      </Text>
      <Title order={3} size="h5">
        {t('contact.branches')}
      </Title>
      <ul className={classes.list}>
        {branches.map((branch) => (
          <li key={branch.id}>
            <Text fw={600}>{branch.name}</Text>
            <Text>{branch.address}</Text>
            <Anchor href={telHref(branch.phone)}>{branch.phone}</Anchor>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * `/claims`: the consumer-protection text the lender edits (content `claims`), then the
 * lender's own channels from the contact settings.
 */
export function ClaimsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t('claims.title')}</Title>
      <ContentBlockView contentKey="claims" />
      <Stack component="section" gap="xs" aria-labelledby="claims-channels">
        <Title order={2} size="h3" id="claims-channels">
          {t('claims.contactsHeading')}
        </Title>
        <LenderChannels />
      </Stack>
    </Stack>
  );
}
