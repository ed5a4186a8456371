import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, fieldErrors, jsonResponse, ok } from '../../../test/api-fixtures';
import {
  expectFormattedWordingShown,
  formattedWording,
  wordingChanged,
  wordingChangedMessage,
  wordingSha256Fixture,
} from '../../../test/consent-wording';
import { renderLoanScreen } from '../loan-fixtures';

afterEach(() => {
  vi.useRealTimers();
});

/** `GET /api/credit-info/4`'s answer for a wording and the consent already given. */
function creditInfoAnswer(text: string, html: string, agreedAt: string | null, version = 1) {
  return jsonResponse({
    status: 'success',
    credit_info_text: text,
    credit_info_html: html,
    credit_info_version: version,
    credit_info_sha256: wordingSha256Fixture,
    agreed_at: agreedAt,
  });
}

const agreement = () => screen.getByLabelText('ვეთანხმები საკრედიტო ინფორმაციის გადამოწმებას');
const continueButton = () => screen.getByRole('button', { name: 'გაგრძელება' });

describe('/credit-info/{id}', () => {
  it('shows the wording as paragraphs, with back to the review', async () => {
    renderLoanScreen('/credit-info/4');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'თანხმობა საკრედიტო ინფორმაციის გადამოწმებაზე',
      }),
    ).toBeInTheDocument();
    const first = await screen.findByText(
      'ვეთანხმები, რომ კრედიტინფომ გადაამოწმოს ჩემი საკრედიტო ისტორია.',
    );
    expect(first.tagName).toBe('P');
    expect(screen.getByText('თანხმობა მოქმედებს 30 დღე.').tagName).toBe('P');
    expect(screen.getByRole('link', { name: 'უკან' })).toHaveAttribute(
      'href',
      '/questionnaire-review/4',
    );
    expect(screen.getByRole('button', { name: 'განაცხადის გაუქმება' })).toBeEnabled();
  });

  it('shows the wording with the formatting its editor published', async () => {
    renderLoanScreen('/credit-info/4', {
      'GET /api/credit-info/4': () =>
        creditInfoAnswer(formattedWording.text, formattedWording.html, null),
    });
    await expectFormattedWordingShown();
  });

  it('shows the consent already given, ticked with its date, and goes on without agreeing again', async () => {
    const { user, fetchMock, router } = renderLoanScreen('/credit-info/4', {
      'GET /api/credit-info/4': () =>
        creditInfoAnswer('ვეთანხმები.', '<p>ვეთანხმები.</p>', '2026-11-25 14:03:27'),
      'POST /api/credit-info/4': ok,
    });
    expect(
      await screen.findByLabelText('ვეთანხმები საკრედიტო ინფორმაციის გადამოწმებას'),
    ).toBeChecked();
    expect(agreement()).toHaveAccessibleDescription('თქვენ დაეთანხმეთ: 25.11.2026 14:03');
    await user.click(continueButton());
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/credit-info/4/identification');
    });
    expect(bodiesSentTo(fetchMock, 'POST /api/credit-info/4')).toEqual([]);
  });

  it('sends a consent given again with its new time', async () => {
    const { user, fetchMock, router } = renderLoanScreen('/credit-info/4', {
      'GET /api/credit-info/4': () =>
        creditInfoAnswer('ვეთანხმები.', '<p>ვეთანხმები.</p>', '2026-11-21 14:03:27'),
      'POST /api/credit-info/4': ok,
    });
    await user.click(await screen.findByLabelText('ვეთანხმები საკრედიტო ინფორმაციის გადამოწმებას'));
    expect(agreement()).not.toBeChecked();
    expect(screen.queryByText(/თქვენ დაეთანხმეთ/)).not.toBeInTheDocument();
    await user.click(agreement());
    await user.click(continueButton());
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/credit-info/4/identification');
    });
    expect(bodiesSentTo(fetchMock, 'POST /api/credit-info/4')).not.toContainEqual(
      expect.objectContaining({ agreed_at: '2026-11-21 14:03:27' }),
    );
    expect(bodiesSentTo(fetchMock, 'POST /api/credit-info/4')).toEqual([
      {
        credit_info: true,
        agreed_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) as string,
        credit_info_version: 1,
      },
    ]);
  });

  it('sends true and the time in Tbilisi when ticked, then identification', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T08:30:05Z'));
    const { user, fetchMock, router } = renderLoanScreen('/credit-info/4', {
      'POST /api/credit-info/4': ok,
    });
    await user.click(await screen.findByLabelText('ვეთანხმები საკრედიტო ინფორმაციის გადამოწმებას'));
    await user.click(continueButton());
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/credit-info/4/identification');
    });
    expect(bodiesSentTo(fetchMock, 'POST /api/credit-info/4')).toEqual([
      { credit_info: true, agreed_at: '2026-11-22 12:30:05', credit_info_version: 1 },
    ]);
  });

  it('unticked resets both fields to empty, and the server’s error shows under the box', async () => {
    const { user, fetchMock, router } = renderLoanScreen('/credit-info/4', {
      'POST /api/credit-info/4': () => fieldErrors({ credit_info: ['გთხოვთ, მონიშნოთ თანხმობა'] }),
    });
    await user.click(await screen.findByLabelText('ვეთანხმები საკრედიტო ინფორმაციის გადამოწმებას'));
    expect(agreement()).toBeChecked();
    await user.click(agreement());
    expect(agreement()).not.toBeChecked();
    await user.click(continueButton());

    await waitFor(() => {
      expect(agreement()).toHaveAccessibleDescription('გთხოვთ, მონიშნოთ თანხმობა');
    });
    expect(agreement()).toHaveFocus();
    expect(bodiesSentTo(fetchMock, 'POST /api/credit-info/4')).toEqual([
      { credit_info: '', agreed_at: '', credit_info_version: 1 },
    ]);
    expect(router.state.location.pathname).toBe('/credit-info/4');
  });

  it('shows a wording an editor replaced meanwhile, box unticked and the message, then agrees to it', async () => {
    let version = 1;
    const { user, fetchMock, router } = renderLoanScreen('/credit-info/4', {
      'GET /api/credit-info/4': () =>
        version === 1
          ? creditInfoAnswer('პირველი რედაქცია.', '<p>პირველი რედაქცია.</p>', null)
          : creditInfoAnswer('მეორე რედაქცია.', '<p>მეორე რედაქცია.</p>', null, version),
      'POST /api/credit-info/4': (body) =>
        (body as { credit_info_version: number }).credit_info_version === version
          ? ok()
          : wordingChanged('credit_info'),
    });
    expect(await screen.findByText('პირველი რედაქცია.')).toBeInTheDocument();
    version = 2;
    await user.click(agreement());
    await user.click(continueButton());

    expect(await screen.findByText('მეორე რედაქცია.')).toBeInTheDocument();
    expect(screen.queryByText('პირველი რედაქცია.')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(agreement()).toHaveAccessibleDescription(wordingChangedMessage);
    });
    expect(agreement()).not.toBeChecked();
    expect(agreement()).toHaveFocus();
    expect(router.state.location.pathname).toBe('/credit-info/4');

    await user.click(agreement());
    await user.click(continueButton());
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/credit-info/4/identification');
    });
    expect(bodiesSentTo(fetchMock, 'POST /api/credit-info/4')).toEqual([
      expect.objectContaining({ credit_info: true, credit_info_version: 1 }),
      expect.objectContaining({ credit_info: true, credit_info_version: 2 }),
    ]);
  });
});
