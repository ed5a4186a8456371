import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/i18n';
import { renderRoutes } from '../../test/render';
import { JourneyProgress } from './journey-progress';

afterEach(async () => {
  await setLocale('ka');
});

/** Each step as a screen reader reads it, with whether it is the current one. */
function stepsOf(list: HTMLElement) {
  return within(list)
    .getAllByRole('listitem')
    .map((step) => [step.textContent, step.getAttribute('aria-current')]);
}

describe('JourneyProgress', () => {
  it('lists an application’s steps in order, the current one marked, what is done and left said', () => {
    renderRoutes([
      { path: '/', element: <JourneyProgress journey="application" current="consent" /> },
    ]);
    const list = screen.getByRole('list', { name: 'განაცხადის ეტაპები' });
    expect(list.tagName).toBe('OL');
    expect(stepsOf(list)).toEqual([
      ['✓თანხა და ვადა (დასრულებულია)', null],
      ['✓კითხვარის გადამოწმება (დასრულებულია)', null],
      ['3თანხმობა', 'step'],
      ['4იდენტიფიკაცია (დარჩენილია)', null],
    ]);
    // The phone's one line, hidden from screen readers, which read the list.
    expect(screen.getByText('ნაბიჯი 3 / 4: თანხმობა')).toHaveAttribute('aria-hidden', 'true');
  });

  it('starts onboarding at single sign-on with everything left', () => {
    renderRoutes([{ path: '/', element: <JourneyProgress journey="onboarding" current="sso" /> }]);
    expect(stepsOf(screen.getByRole('list', { name: 'რეგისტრაციის ეტაპები' }))).toEqual([
      ['1SSO ავტორიზაცია', 'step'],
      ['2პირადი მონაცემები (დარჩენილია)', null],
      ['3მონაცემების შემოწმება (დარჩენილია)', null],
      ['4კითხვარი (დარჩენილია)', null],
    ]);
  });

  it('speaks English in the English locale', async () => {
    await setLocale('en');
    renderRoutes([
      { path: '/', element: <JourneyProgress journey="onboarding" current="questionnaire" /> },
    ]);
    expect(screen.getByRole('list', { name: 'Sign-up steps' })).toBeInTheDocument();
    expect(screen.getByText('Step 4 of 4: Questionnaire')).toBeInTheDocument();
  });
});
