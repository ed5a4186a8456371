import '@mantine/core/styles/Input.layer.css';
import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { minimumSearchLength } from '@sesxi/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSearchable } from './users-list-state';

/** How long typing must pause before the table searches. */
export const searchDelayMs = 300;

interface SearchFieldProps {
  /** The search the table shows (from the address). */
  value: string;
  /** Called once typing pauses, with the trimmed text (empty, or long enough to search). */
  onCommit: (search: string) => void;
}

export function SearchField({ value, onCommit }: SearchFieldProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  // The search the address showed last, and the last one this field asked for.
  const [seen, setSeen] = useState(value);
  const [requested, setRequested] = useState(value);
  const commit = useDebouncedCallback((text: string) => {
    const search = text.trim();
    if (search === value || !isSearchable(search)) return;
    setRequested(search);
    onCommit(search);
  }, searchDelayMs);

  if (value !== seen) {
    setSeen(value);
    // The address changed without typing (back, forward, a link): show what it searches for.
    if (value !== requested) {
      setRequested(value);
      setDraft(value);
    }
  }

  return (
    <TextInput
      type="search"
      label={t('labels.search')}
      description={t('support.searchHint', { minimum: minimumSearchLength })}
      value={draft}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      maxLength={100}
      autoComplete="off"
    />
  );
}
