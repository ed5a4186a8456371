import '@mantine/core/styles/Input.layer.css';
import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { isRunnableSearch, minimumSearchLength } from '@sesxi/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long typing must pause before the table searches. */
const searchDelayMs = 300;

interface SearchFieldProps {
  /** The search the table shows (from the address). */
  value: string;
  /** Called once typing pauses, with the trimmed text (empty, or searchable). */
  onCommit: (search: string) => void;
  /** The server's refusal of `value`, shown under the field until the text changes. */
  refusal?: string | undefined;
  /** What may be searched for; support's users by default. */
  description?: string;
}

export function SearchField({ value, onCommit, refusal, description }: SearchFieldProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  // The search the address showed last, and the last one this field asked for.
  const [seen, setSeen] = useState(value);
  const [requested, setRequested] = useState(value);
  // Said once typing pauses on text the server would refuse, which is then not sent.
  const [tooShort, setTooShort] = useState(false);
  const commit = useDebouncedCallback((text: string) => {
    const search = text.trim();
    if (!isRunnableSearch(search)) {
      setTooShort(true);
      return;
    }
    if (search === value) return;
    setRequested(search);
    onCommit(search);
  }, searchDelayMs);

  if (value !== seen) {
    setSeen(value);
    // The address changed without typing (back, forward, a link): show what it searches for.
    if (value !== requested) {
      setRequested(value);
      setDraft(value);
      setTooShort(false);
    }
  }

  const error = tooShort
    ? t('support.searchTooShort', { minimum: minimumSearchLength })
    : draft.trim() === value
      ? refusal
      : undefined;

  return (
    <TextInput
      type="search"
      label={t('labels.search')}
      description={description ?? t('support.searchHint', { minimum: minimumSearchLength })}
      error={error}
      value={draft}
      onChange={(event) => {
        setTooShort(false);
        setDraft(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      maxLength={100}
      autoComplete="off"
    />
  );
}
