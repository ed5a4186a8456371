import { Code, Stack, Table, Text } from '@mantine/core';
import type { applicationContract, ResponseOf } from '@sesxi/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadDocument } from '../../../shared/api/document-download';
import { formatDateTime } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { DownloadButton } from '../../../shared/ui/download-button';
import { FieldList } from '../../../shared/ui/field-list';
import { Mark, Section } from '../../../shared/ui/page-parts';
import { QueryContent } from '../../../shared/ui/query-content';
import { ScrollableTable } from '../../../shared/ui/scrollable-table';
import { applicationContractQuery } from '../api/decisions';

type Paperwork = ResponseOf<typeof applicationContract>;

/** A SHA-256 whole, breaking anywhere: an officer compares it with a file's. */
function Hash({ value }: { value: string }) {
  return (
    <Code style={{ wordBreak: 'break-all', whiteSpace: 'normal' }} bg="transparent" p={0}>
      {value}
    </Code>
  );
}

function DocumentsTable({ documents }: { documents: Paperwork['documents'] }) {
  const { t } = useTranslation();
  if (documents.length === 0) return <Text>{t('decisions.contract.noDocuments')}</Text>;
  return (
    <ScrollableTable
      label={t('decisions.contract.documents')}
      minWidth={720}
      stickyFirstColumn
      columns={[
        t('decisions.contract.documentColumns.title'),
        t('decisions.contract.documentColumns.createdAt'),
        t('decisions.contract.documentColumns.sha256'),
        t('decisions.contract.documentColumns.file'),
      ]}
    >
      {documents.map((document) => (
        <Table.Tr key={document.url}>
          <Table.Th scope="row">
            {document.title}
            {document.superseded && (
              <Text size="sm" c="dimmed">
                {t('decisions.contract.superseded')}
              </Text>
            )}
          </Table.Th>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(document.created_at)}
          </Table.Td>
          <Table.Td>
            <Hash value={document.sha256} />
          </Table.Td>
          <Table.Td>
            <DownloadButton
              size="compact-sm"
              aria-label={t('decisions.contract.downloadOf', { title: document.title })}
              download={() => downloadDocument(document.url, `${document.title}.pdf`)}
            >
              {t('decisions.contract.download')}
            </DownloadButton>
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollableTable>
  );
}

function SignaturesSection({ signatures }: { signatures: Paperwork['signatures'] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('decisions.contract.signatures')} level={3}>
      {signatures.length === 0 ? (
        <Text>{t('decisions.contract.notSigned')}</Text>
      ) : (
        signatures.map((signature) => (
          <FieldList
            key={`${String(signature.code_id)}-${signature.signed_at}`}
            fields={[
              [t('decisions.contract.signedAt'), formatDateTime(signature.signed_at)],
              [
                t('decisions.contract.documentSha256'),
                <Hash key="hash" value={signature.document_sha256} />,
              ],
              [t('decisions.contract.codeId'), String(signature.code_id)],
              [t('decisions.contract.phone'), signature.phone],
              [t('decisions.contract.personalNumber'), signature.personal_number],
              [t('decisions.contract.ip'), signature.ip],
              [t('decisions.contract.userAgent'), signature.user_agent],
            ]}
          />
        ))
      )}
    </Section>
  );
}

function PayoutSection({ payout, withdrawal }: Pick<Paperwork, 'payout' | 'withdrawal'>) {
  const { t } = useTranslation();
  return (
    <Section title={t('decisions.contract.payout')} level={3}>
      {payout === null ? (
        <Text>{t('decisions.contract.noPayout')}</Text>
      ) : (
        <FieldList
          fields={[
            [
              t('decisions.contract.payoutState'),
              t(`decisions.contract.payoutStates.${payout.state}`),
            ],
            [t('decisions.contract.bankReference'), payout.bank_reference ?? t('support.none')],
            [
              t('decisions.contract.paidAt'),
              payout.paid_at === null ? t('support.none') : formatDateTime(payout.paid_at),
            ],
            [t('decisions.contract.attempts'), String(payout.attempts)],
            ...(payout.refusal_reason === null
              ? []
              : [
                  [t('decisions.contract.refusalReason'), payout.refusal_reason] as [
                    string,
                    string,
                  ],
                ]),
          ]}
        />
      )}
      {withdrawal && (
        <FieldList
          fields={[
            [
              t('decisions.contract.withdrawal'),
              t(`decisions.contract.withdrawalStates.${withdrawal.state}`),
            ],
            [t('decisions.contract.withdrawnAt'), formatDateTime(withdrawal.withdrawn_at)],
            [t('decisions.contract.amountDue'), formatMoney(withdrawal.amount_due)],
            [t('decisions.contract.dueDate'), withdrawal.due_date ?? t('support.none')],
          ]}
        />
      )}
    </Section>
  );
}

/**
 * The application's paperwork, read only: whether the Identomat check has passed, the
 * documents (each download logged by the server), the signatures' evidence, the payout and the
 * withdrawal.
 */
export function ContractSection({ id }: { id: string }) {
  const { t } = useTranslation();
  const paperwork = useQuery(applicationContractQuery(id));
  return (
    <Section title={t('decisions.contract.title')}>
      <QueryContent query={paperwork} loading={t('decisions.contract.loading')}>
        {(data) => (
          <Stack gap="md">
            <Text>
              {t('decisions.contract.identityCheck')}:{' '}
              <Mark ok={data.identity_check_passed} notOkColor="red.9">
                {data.identity_check_passed
                  ? t('decisions.contract.identityPassed')
                  : t('decisions.contract.identityNotPassed')}
              </Mark>
            </Text>
            <DocumentsTable documents={data.documents} />
            <SignaturesSection signatures={data.signatures} />
            <PayoutSection payout={data.payout} withdrawal={data.withdrawal} />
          </Stack>
        )}
      </QueryContent>
    </Section>
  );
}
