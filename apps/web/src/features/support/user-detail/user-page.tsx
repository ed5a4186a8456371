import type { SupportUser } from '@sesxi/contract';
import { useTranslation } from 'react-i18next';
import { useSupportUser } from '../api/support-user';
import { useRecordId } from '../../../shared/page/not-found';
import { RecordPage } from '../../../shared/page/record-page';
import { ChecksSection } from '../../../shared/identity-checks/checks-section';
import { FieldList } from '../../../shared/ui/field-list';
import { Section } from '../../../shared/ui/page-parts';
import { AccessLogSection } from './access-log-section';
import { ApplicationsSection } from './applications-section';
import { personName } from '../../../shared/format/person-name';

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

/**
 * `/checking/users/{id}`: one customer's data, applications, verification results and access
 * history.
 */
export function UserPage() {
  const { t } = useTranslation();
  const id = String(useRecordId());
  const shown = useSupportUser(id);
  return (
    <RecordPage
      listPath="/checking"
      backLabel={t('support.backToUsers')}
      title={shown.isSuccess ? personName(shown.data.user) : t('support.userTitle')}
      record={shown}
    >
      {({ user, lastRequests, applications }) => (
        <>
          <PersonalFields user={user} />
          <ApplicationsSection applications={applications} />
          <ChecksSection checks={lastRequests} />
          <AccessLogSection userId={id} />
        </>
      )}
    </RecordPage>
  );
}
