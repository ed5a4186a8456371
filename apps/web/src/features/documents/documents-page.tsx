import '@mantine/core/styles/Paper.layer.css';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { CustomerDocument } from '@sesxi/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadDocument } from '../../shared/api/document-download';
import { formatDateTime } from '../../shared/format/date-time';
import { DownloadButton } from '../../shared/ui/download-button';
import { FieldList } from '../../shared/ui/field-list';
import { QueryContent } from '../../shared/ui/query-content';
import { documentsQuery } from './api/documents-show';
import classes from './documents-page.module.css';

/** As much of a SHA-256 as a person compares at a glance. */
const shortHashLength = 12;

/** The hash's first characters; the whole of it one click away, to compare with a file's. */
function Sha256({ hash }: { hash: string }) {
  return (
    <details className={classes.hash}>
      <summary>
        <code>{hash.slice(0, shortHashLength)}…</code>
      </summary>
      <code>{hash}</code>
    </details>
  );
}

function DocumentCard({ document }: { document: CustomerDocument }) {
  const { t } = useTranslation();
  return (
    <Paper component="li" withBorder p="sm">
      <Stack gap="sm">
        <Stack gap={4} align="flex-start">
          <Text fw={700}>{document.title}</Text>
          {document.superseded && (
            <Text size="sm" c="dimmed">
              {t('documents.superseded')}
            </Text>
          )}
        </Stack>
        <FieldList
          fields={[
            [t('documents.kind'), t(`documents.kinds.${document.kind}`)],
            [t('documents.date'), formatDateTime(document.created_at)],
            [t('documents.sha256'), <Sha256 key="sha256" hash={document.sha256} />],
          ]}
        />
        <DownloadButton
          size="sm"
          aria-label={t('documents.downloadOf', { title: document.title })}
          download={() => downloadDocument(document.url, `${document.title}.pdf`)}
        >
          {t('documents.download')}
        </DownloadButton>
      </Stack>
    </Paper>
  );
}

/**
 * `/documents`: every document of the customer's (key-terms sheets, contracts signed and not,
 * schedules, decisions, consents), newest first, each with its date and SHA-256 and a download.
 */
export function DocumentsPage() {
  const { t } = useTranslation();
  const documents = useQuery(documentsQuery());
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t('documents.title')}</Title>
      <Text>{t('documents.intro')}</Text>
      <QueryContent query={documents} loading={t('documents.loading')}>
        {(list) =>
          list.length === 0 ? (
            <Text>{t('documents.none')}</Text>
          ) : (
            <Stack
              component="ul"
              gap="sm"
              className={classes.list}
              aria-label={t('documents.title')}
            >
              {list.map((document) => (
                <DocumentCard key={document.url} document={document} />
              ))}
            </Stack>
          )
        }
      </QueryContent>
    </Stack>
  );
}
