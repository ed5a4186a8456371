import { Text } from '@mantine/core';
import { consentContentKinds, type ContentKey } from '@sesxi/contract';
import { useTranslation } from 'react-i18next';

/**
 * Under a publish or a restore of a text kept with every version, what becomes of the earlier
 * one: consents given keep their wording, contracts made keep their general terms.
 */
export function VersionedNote({ contentKey }: { contentKey: ContentKey }) {
  const { t } = useTranslation();
  if (contentKey === 'contract_terms')
    return <Text>{t('contentEditor.confirmContractTerms')}</Text>;
  return contentKey in consentContentKinds ? (
    <Text>{t('contentEditor.confirmConsent')}</Text>
  ) : null;
}
