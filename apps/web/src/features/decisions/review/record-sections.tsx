import { Button, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../shared/ui/dialog';
import { Section } from '../../../shared/ui/page-parts';
import { ScrollableTable } from '../../../shared/ui/scrollable-table';
import type { Review } from './review-types';
import { personName } from '../../../shared/format/person-name';

// The review's sections the record keeps for a dispute: the consents given, each with the
// wording agreed to, and the application's status history.

export function ConsentsSection({ review }: { review: Review }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Review['consents'][number] | null>(null);
  return (
    <Section title={t('decisions.sections.consents')}>
      {review.consents.length === 0 ? (
        <Text>{t('decisions.noConsents')}</Text>
      ) : (
        <ScrollableTable
          label={t('decisions.sections.consents')}
          minWidth={560}
          columns={[
            t('decisions.consentColumns.kind'),
            t('decisions.consentColumns.version'),
            t('decisions.consentColumns.agreedAt'),
            t('decisions.consentColumns.wording'),
          ]}
        >
          {review.consents.map((consent) => (
            <Table.Tr key={`${consent.kind}-${String(consent.version)}-${consent.agreed_at}`}>
              <Table.Th scope="row">{t(`decisions.consentKinds.${consent.kind}`)}</Table.Th>
              <Table.Td>{consent.version}</Table.Td>
              <Table.Td>{consent.agreed_at}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="default"
                  aria-label={t('decisions.wordingOf', {
                    kind: t(`decisions.consentKinds.${consent.kind}`),
                  })}
                  onClick={() => {
                    setShown(consent);
                  }}
                >
                  {t('decisions.showWording')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollableTable>
      )}
      <Dialog
        opened={shown !== null}
        onClose={() => {
          setShown(null);
        }}
        title={
          shown
            ? `${t(`decisions.consentKinds.${shown.kind}`)} · ${t('decisions.consentVersion', { version: shown.version })}`
            : ''
        }
        size="lg"
      >
        <Text style={{ whiteSpace: 'pre-wrap' }}>{shown?.text}</Text>
      </Dialog>
    </Section>
  );
}

export function HistorySection({ review }: { review: Review }) {
  const { t, i18n } = useTranslation();
  /** A status or a move in words; a code this build does not know, as the server wrote it. */
  const say = (group: 'statuses' | 'moves', code: string) => {
    const key = `decisions.${group}.${code}`;
    return i18n.exists(key) ? (t(key as never) as string) : code;
  };
  return (
    <Section title={t('decisions.sections.history')}>
      <ScrollableTable
        label={t('decisions.sections.history')}
        minWidth={640}
        columns={[
          t('decisions.historyColumns.at'),
          t('decisions.historyColumns.from'),
          t('decisions.historyColumns.to'),
          t('decisions.historyColumns.actor'),
          t('decisions.historyColumns.reason'),
        ]}
      >
        {review.history.map((entry, index) => (
          <Table.Tr key={index}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.at}</Table.Td>
            <Table.Td>
              {entry.from === null ? t('support.none') : say('statuses', entry.from)}
            </Table.Td>
            <Table.Td>{say('statuses', entry.to)}</Table.Td>
            <Table.Td>{entry.actor ? personName(entry.actor) : t('decisions.system')}</Table.Td>
            <Table.Td>
              {say('moves', entry.reason)}
              {entry.taken_over_from &&
                ` (${t('decisions.takenOverFrom', { officer: personName(entry.taken_over_from) })})`}
            </Table.Td>
          </Table.Tr>
        ))}
      </ScrollableTable>
    </Section>
  );
}
