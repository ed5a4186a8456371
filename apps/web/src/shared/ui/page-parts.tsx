import '@mantine/core/styles/Pagination.layer.css';
import { Group, Loader, Pagination, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './error-alert';

interface TablePaginationProps {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark, e.g. which table it pages. */
  label: string;
}

/** Page links under a server-paginated table; nothing when everything fits on one page. */
export function TablePagination({ page, lastPage, onChange, label }: TablePaginationProps) {
  const { t } = useTranslation();
  if (lastPage <= 1) return null;
  return (
    <nav aria-label={label}>
      <Pagination
        total={lastPage}
        value={Math.min(page, lastPage)}
        onChange={onChange}
        getItemProps={(item) => ({ 'aria-label': t('support.page', { page: item }) })}
        getControlProps={(control) => ({
          'aria-label': t(control === 'previous' ? 'support.previousPage' : 'support.nextPage'),
        })}
      />
    </nav>
  );
}

export function LoadingLine() {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Loader size="sm" />
      <Text>{t('support.loading')}</Text>
    </Group>
  );
}

/** A query's failure, in the server's words. */
export function LoadFailed({ error }: { error: Error }) {
  return <ErrorAlert message={error.message} />;
}

interface MarkProps {
  ok: boolean;
  /** The colour when not ok; ok is always green. */
  notOkColor: 'gray.7' | 'red.9';
  children: ReactNode;
}

/** A yes/no verdict in words with a tick or a cross, never in colour alone. */
export function Mark({ ok, notOkColor, children }: MarkProps) {
  return (
    <Text span size="sm" fw={700} c={ok ? 'teal.9' : notOkColor}>
      <span aria-hidden="true">{ok ? '✓ ' : '✗ '}</span>
      {children}
    </Text>
  );
}

interface SectionProps {
  title: string;
  /** 2 on a page, 3 inside a dialog (whose title is the 2). */
  level?: 2 | 3;
  children: ReactNode;
}

/** A titled part of a page: a region named by its heading. */
export function Section({ title, level = 2, children }: SectionProps) {
  const titleId = useId();
  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId}>
      <Title order={level} size={level === 2 ? 'h3' : 'h4'} id={titleId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
