import { Table, Text } from '@mantine/core';
import type { AccessLogEntry } from '@sesxi/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccessLog } from '../api/access-log';
import { ScrollableTable } from '../../../shared/ui/scrollable-table';
import { LoadFailed, LoadingLine, Section, TablePagination } from '../../../shared/ui/page-parts';
import { personName } from '../../../shared/format/person-name';

const actionKeys = {
  'users.list': 'support.accessActions.list',
  'users.show': 'support.accessActions.show',
  'users.access_log': 'support.accessActions.accessLog',
  'applications.list': 'support.accessActions.applicationsList',
  'applications.show': 'support.accessActions.application',
  'applications.bank_statement': 'support.accessActions.bankStatement',
  'applications.document': 'support.accessActions.document',
  'content.publish': 'support.accessActions.contentPublish',
} as const satisfies Record<AccessLogEntry['action'], string>;

/** Who looked at this customer's data, what and when (the law asks for this record). */
export function AccessLogSection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useAccessLog(userId, page);
  return (
    <Section title={t('support.accessLogTitle')}>
      <Text>{t('support.accessLogIntro')}</Text>
      {log.isPending && <LoadingLine />}
      {log.isError && <LoadFailed error={log.error} />}
      {log.isSuccess &&
        (log.data.data.length === 0 ? (
          <Text>{t('support.noAccess')}</Text>
        ) : (
          <>
            <ScrollableTable
              label={t('support.accessLogTitle')}
              minWidth={560}
              busy={log.isPlaceholderData}
              columns={[
                t('support.date'),
                t('support.employee'),
                t('support.action'),
                t('support.ip'),
              ]}
            >
              {log.data.data.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{entry.created_at}</Table.Td>
                  <Table.Td>{personName(entry.actor)}</Table.Td>
                  <Table.Td>{t(actionKeys[entry.action])}</Table.Td>
                  <Table.Td>{entry.ip}</Table.Td>
                </Table.Tr>
              ))}
            </ScrollableTable>
            <TablePagination
              page={page}
              lastPage={log.data.last_page}
              label={t('support.accessLogPages')}
              onChange={setPage}
            />
          </>
        ))}
    </Section>
  );
}
