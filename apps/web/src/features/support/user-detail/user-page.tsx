import { Anchor, Stack, Title } from '@mantine/core';
import type { SupportUser } from '@sesxi/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSupportUser } from '../api/support-user';
import { listHref } from '../../../shared/list/list-location';
import { throwIfNotFound, useRecordId } from '../../../shared/page/not-found';
import { ChecksSection } from '../../../shared/identity-checks/checks-section';
import { FieldList } from '../../../shared/ui/field-list';
import { LoadFailed, LoadingLine, Section } from '../../../shared/ui/page-parts';
import { AccessLogSection } from './access-log-section';

function PersonalFields({ user }: { user: SupportUser }) {
  const { t } = useTranslation();
  const yesNo = (value: boolean) => t(value ? 'labels.yes' : 'labels.no');
  return (
    <Section title={t('support.personalData')}>
      <FieldList
        fields={[
          [t('support.id'), user.id],
          [t('labels.name'), user.name],
          [t('labels.surname'), user.surname],
          [t('labels.personalNumber'), user.identity_number],
          [t('labels.documentType'), user.document_type.name],
          [t('labels.documentNumber'), user.document_number],
          [t('labels.phone'), user.phone],
          [t('support.registeredAt'), user.created_at],
          [t('support.sdaVerified'), yesNo(user.is_sda_verified)],
          [t('support.documentVerified'), yesNo(user.is_identomat_verified)],
        ]}
      />
    </Section>
  );
}

/** `/checking/users/{id}`: one customer's data, verification results and access history. */
export function UserPage() {
  const { t } = useTranslation();
  const id = String(useRecordId());
  const location = useLocation();
  const shown = useSupportUser(id);
  throwIfNotFound(shown.error);

  return (
    <Stack gap="xl">
      <Anchor component={Link} to={listHref('/checking', location.state)}>
        {t('support.backToUsers')}
      </Anchor>
      <Title order={1}>
        {shown.isSuccess
          ? `${shown.data.user.name} ${shown.data.user.surname}`
          : t('support.userTitle')}
      </Title>
      {shown.isPending && <LoadingLine />}
      {shown.isError && <LoadFailed error={shown.error} />}
      {shown.isSuccess && (
        <>
          <PersonalFields user={shown.data.user} />
          <ChecksSection checks={shown.data.lastRequests} />
          <AccessLogSection userId={id} />
        </>
      )}
    </Stack>
  );
}
