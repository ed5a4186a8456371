import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useContactMain } from '../../shared/contact/contact-main';
import { telHref } from '../../shared/format/phone';
import { formatScheduleLine } from '../../shared/format/schedule';
import classes from './layout.module.css';

const socialNetworks = ['facebook', 'youtube', 'linkedin'] as const;
type WeekdayKey = `weekdays.${1 | 2 | 3 | 4 | 5 | 6 | 7}`;

/** The main branch: address, opening hours, phone and social links. */
export function BranchPanel() {
  const { t } = useTranslation();
  const contact = useContactMain();

  if (contact.isPending) return <Text size="sm">{t('contact.loading')}</Text>;
  if (contact.isError) return <Text size="sm">{t('contact.loadFailed')}</Text>;

  const { branch, socialMedia } = contact.data;
  const weekdayName = (day: number) => t(`weekdays.${day}` as WeekdayKey);
  return (
    <Stack component="section" gap="xs" aria-labelledby="branch-panel-title">
      <Title order={3} size="h5" id="branch-panel-title">
        {branch.name}
      </Title>
      {/* Addresses come in Georgian only. */}
      <Text size="sm" lang="ka">
        {branch.address}
      </Text>
      <div>
        <Text size="sm" fw={600}>
          {t('contact.workingHours')}
        </Text>
        {branch.schedules.map((schedule) => (
          <Text size="sm" key={`${schedule.start_day}-${schedule.end_day}-${schedule.start_time}`}>
            {formatScheduleLine(schedule, weekdayName)}
          </Text>
        ))}
      </div>
      <Text size="sm">
        {t('contact.phone')}: <Anchor href={telHref(branch.phone)}>{branch.phone}</Anchor>
      </Text>
      <Group
        component="ul"
        gap="md"
        className={classes.plainList}
        aria-label={t('contact.socialMedia')}
      >
        {socialNetworks.map((network) => (
          <li key={network}>
            <Anchor href={socialMedia[network]} size="sm">
              {t(`contact.${network}`)}
            </Anchor>
          </li>
        ))}
      </Group>
    </Stack>
  );
}
