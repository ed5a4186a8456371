import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './journey-progress.module.css';

/** The customer's two journeys, step by step, as the spec orders them. */
export const journeys = {
  /** Single sign-on, registration, the SDA consent, the questionnaire; then /main. */
  onboarding: ['sso', 'details', 'sda', 'questionnaire'],
  /** The loan form, the questionnaire review, the credit-bureau consent, identification. */
  application: ['loan', 'review', 'consent', 'identification'],
} as const;

export type Journey = keyof typeof journeys;

interface JourneyProgressProps<J extends Journey> {
  journey: J;
  /** The step this screen is. */
  current: (typeof journeys)[J][number];
}

/**
 * Where the customer is in a journey and what is left: an ordered list of the steps, the
 * current one marked `aria-current="step"`, the ones behind ticked. On a phone only the
 * numbers show, with the current step named above them.
 */
export function JourneyProgress<J extends Journey>({ journey, current }: JourneyProgressProps<J>) {
  const { t } = useTranslation();
  const steps: readonly string[] = journeys[journey];
  const currentIndex = steps.indexOf(current);
  const nameOf = (step: string) => t(`journey.${journey}.${step}` as 'journey.onboarding.sso');
  return (
    <div className={classes.progress}>
      <Text size="sm" fw={600} className={classes.caption} aria-hidden="true">
        {t('journey.stepOf', {
          current: currentIndex + 1,
          total: steps.length,
          name: nameOf(current),
        })}
      </Text>
      <ol className={classes.list} aria-label={t(`journey.${journey}.label`)}>
        {steps.map((step, index) => {
          const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'todo';
          return (
            <li
              key={step}
              className={classes.step}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className={classes.marker} aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className={classes.name}>
                {nameOf(step)}
                {state !== 'current' && (
                  <span className={classes.hidden}>
                    {' '}
                    ({t(state === 'done' ? 'journey.done' : 'journey.todo')})
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
