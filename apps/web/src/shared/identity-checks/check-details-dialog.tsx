import { Stack, Table, Text } from '@mantine/core';
import type { VerificationCheck, VerificationComparison } from '@sesxi/contract';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/dialog';
import { FieldList } from '../ui/field-list';
import { Mark, Section } from '../ui/page-parts';
import { ScrollableTable } from '../ui/scrollable-table';
import { formatSimilarity, liveOf, rejectReasonOf, textField } from './check-result';
import classes from './checks.module.css';

/** The customer's data beside the document's, field by field; mismatches in red and in words. */
function ComparisonTable({ rows }: { rows: VerificationComparison[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Text>{t('support.noComparison')}</Text>;
  return (
    <ScrollableTable
      label={t('support.comparisonTitle')}
      minWidth={560}
      columns={[
        t('support.field'),
        t('support.customerValue'),
        t('support.documentValue'),
        t('support.comparison'),
      ]}
    >
      {rows.map((row) => (
        <Table.Tr key={row.field} className={row.matches ? undefined : classes.mismatch}>
          <Table.Th scope="row">{t(`support.fields.${row.field}`)}</Table.Th>
          <Table.Td>
            {row.customer_value}
            <Text size="xs" c="dimmed">
              {t(`support.sources.${row.source}`)}
            </Text>
          </Table.Td>
          <Table.Td>{row.document_value ?? t('support.notInDocument')}</Table.Td>
          <Table.Td>
            <Mark ok={row.matches} notOkColor="red.9">
              {t(row.matches ? 'support.match' : 'support.mismatch')}
            </Mark>
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollableTable>
  );
}

function ProviderAnswer({ result }: { result: VerificationCheck['result'] }) {
  const { t } = useTranslation();
  const none = t('support.none');
  const live = liveOf(result);
  return (
    <FieldList
      fields={[
        [t('support.result'), textField(result, 'result') ?? none],
        [t('labels.similarity'), formatSimilarity(result) ?? none],
        [t('support.live'), live === null ? none : t(live ? 'labels.yes' : 'labels.no')],
        [t('labels.documentType'), textField(result, 'document_type') ?? none],
        [t('support.rejectReason'), rejectReasonOf(result) ?? none],
      ]}
    />
  );
}

interface CheckDetailsDialogProps {
  check: VerificationCheck | null;
  onClose: () => void;
}

/** One verification check in detail: the comparison and the provider's own fields. */
export function CheckDetailsDialog({ check, onClose }: CheckDetailsDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      opened={check !== null}
      onClose={onClose}
      title={check ? t('support.checkTitle', { date: check.created_at }) : ''}
      size="xl"
    >
      {check && (
        <Stack gap="lg">
          <Section title={t('support.comparisonTitle')} level={3}>
            <ComparisonTable rows={check.comparison} />
          </Section>
          <Section title={t('support.providerTitle')} level={3}>
            <ProviderAnswer result={check.result} />
          </Section>
        </Stack>
      )}
    </Dialog>
  );
}
