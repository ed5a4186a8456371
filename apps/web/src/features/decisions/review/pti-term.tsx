import '@mantine/core/styles/Popover.layer.css';
import { Popover, Text, UnstyledButton } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './review-layout.module.css';

/**
 * "PTI" with what it means, shown on hover and on a tap, a click or Enter: a button that
 * discloses the explanation (Escape or another tap closes it; the pointer may move onto it).
 */
export function PtiTerm() {
  const { t } = useTranslation();
  // Shown while hovered, and pinned by a click or a tap (a tap also hovers) until closed.
  const [hovered, setHovered] = useState(false);
  const [pinned, setPinned] = useState(false);
  const opened = hovered || pinned;
  const close = () => {
    setHovered(false);
    setPinned(false);
  };
  // Escape closes it wherever the focus is, also when it opened on hover.
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape') close();
  });
  const explanationId = useId();
  return (
    <span
      className={classes.term}
      onMouseEnter={() => {
        setHovered(true);
      }}
      onMouseLeave={() => {
        setHovered(false);
      }}
    >
      <Popover
        opened={opened}
        onChange={(open) => {
          if (!open) close();
        }}
        withinPortal={false}
        withRoles={false}
        width={280}
        position="bottom-start"
        shadow="md"
      >
        <Popover.Target>
          <UnstyledButton
            className={classes.termButton}
            aria-expanded={opened}
            aria-controls={opened ? explanationId : undefined}
            aria-label={t('decisions.ptiWhat')}
            onClick={() => {
              setPinned(!pinned);
            }}
          >
            PTI <span aria-hidden="true">(?)</span>
          </UnstyledButton>
        </Popover.Target>
        <Popover.Dropdown id={explanationId}>
          <Text size="sm">{t('decisions.ptiExplained')}</Text>
        </Popover.Dropdown>
      </Popover>
    </span>
  );
}
