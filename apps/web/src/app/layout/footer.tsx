import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { useContactMain } from '../../shared/contact/contact-main';
import { HotlineAndEmail } from '../../shared/contact/hotline-and-email';
import { productName } from '../../shared/page/product-name';
import { useThisYear } from '../../shared/page/use-today';
import { pageShowsContacts } from '../route-handle';
import classes from './layout.module.css';

function ContactDetails() {
  const { t } = useTranslation();
  const contact = useContactMain();

  if (contact.isPending) return <Text size="sm">{t('contact.loading')}</Text>;
  if (contact.isError) return <Text size="sm">{t('contact.loadFailed')}</Text>;

  const { hotline, email, branches } = contact.data;
  return (
    <div className={classes.footerGrid}>
      <Stack component="section" gap={4} aria-labelledby="footer-contact">
        <Title order={2} size="h5" id="footer-contact">
          {t('footer.contact')}
        </Title>
        <HotlineAndEmail hotline={hotline} email={email} />
      </Stack>
      <Stack component="section" gap={4} aria-labelledby="footer-branches">
        <Title order={2} size="h5" id="footer-branches">
          {t('contact.branches')}
        </Title>
        <ul className={classes.branchList}>
          {branches.map((branch) => (
            <li key={branch.id}>
              <Text size="sm" fw={600}>
                {branch.name}
              </Text>
              {/* Addresses come in Georgian only. */}
              <Text size="sm" lang="ka">
                {branch.address}
              </Text>
            </li>
          ))}
        </ul>
      </Stack>
    </div>
  );
}

/** The lender's contacts (unless the page lists them itself) and the copyright. */
export function Footer() {
  const { t } = useTranslation();
  const year = useThisYear();
  const contactsOnPage = pageShowsContacts(useMatches());
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <Stack gap="lg">
          {!contactsOnPage && <ContactDetails />}
          <Text size="sm">
            {t('footer.copyright', { year: year ?? '', productName: productName() })}
          </Text>
        </Stack>
      </Container>
    </footer>
  );
}
