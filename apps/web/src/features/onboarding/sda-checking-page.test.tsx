import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  bodiesSentTo,
  customerFixture,
  jsonResponse,
  ok,
  type ApiAnswer,
} from '../../test/api-fixtures';
import {
  expectFormattedWordingShown,
  formattedWording,
  wordingChanged,
  wordingChangedMessage,
  wordingSha256Fixture,
} from '../../test/consent-wording';
import { renderApp } from '../../test/render-app';
import { session } from '../../shared/session/session';

const infoText = 'პირველი აბზაცი.\nმეორე აბზაცი.';
const infoHtml = '<p>პირველი აბზაცი.</p><p>მეორე აბზაცი.</p>';
const newCustomer = { ...customerFixture, is_sda_verified: false, has_questionnaire: false };
const refusal =
  'მონაცემების დამუშავებისას მოხდა შეცდომა, გთხოვთ, გადაამოწმოთ შეყვანილი ინფორმაცია და გაიაროთ რეგისტრაცია ხელახლა';

/** `GET /api/sda-checking`'s answer for a wording. */
function sdaInfoAnswer(text: string, html: string, version = 1) {
  return jsonResponse({
    status: 'success',
    sda_info_text: text,
    sda_info_html: html,
    sda_info_version: version,
    sda_info_sha256: wordingSha256Fixture,
  });
}

const answers: Record<string, ApiAnswer> = {
  'GET /api/sda-checking': () => sdaInfoAnswer(infoText, infoHtml),
  'GET /api/questionnaires/create': () =>
    jsonResponse({ status: 'success', cities: [], activitySpheres: [] }),
};

function renderSda(consent: ApiAnswer) {
  session.set(newCustomer);
  return renderApp('/sda-checking', { ...answers, 'POST /api/sda-checking': consent });
}

const agreement = () => screen.getByLabelText('ვეთანხმები პერსონალური მონაცემების შემოწმებას');
const nextButton = () => screen.getByRole('button', { name: 'გაგრძელება' });

type User = ReturnType<typeof renderApp>['user'];

async function agreeAndContinue(user: User) {
  await user.click(await screen.findByLabelText('ვეთანხმები პერსონალური მონაცემების შემოწმებას'));
  await user.click(nextButton());
}

describe('/sda-checking', () => {
  it('shows the wording and lets the customer continue only with the box ticked', async () => {
    const { user, fetchMock } = renderSda(ok);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'პერსონალური მონაცემების შემოწმება' }),
    ).toBeInTheDocument();
    expect((await screen.findByText('პირველი აბზაცი.')).tagName).toBe('P');
    expect(screen.getByText('მეორე აბზაცი.').tagName).toBe('P');
    expect(screen.getByText('პირველი აბზაცი.').closest('[lang]')).toHaveAttribute('lang', 'ka');
    expect(screen.queryByText('This text is available in Georgian only.')).not.toBeInTheDocument();
    expect(nextButton()).toBeDisabled();
    expect(nextButton()).toHaveAccessibleDescription('გასაგრძელებლად, გთხოვთ, მონიშნოთ თანხმობა.');

    await user.click(agreement());
    expect(nextButton()).toBeEnabled();
    await user.click(agreement());
    expect(nextButton()).toBeDisabled();
    expect(bodiesSentTo(fetchMock, 'POST /api/sda-checking')).toEqual([]);
  });

  it('shows the wording with the formatting its editor published, and sends its text', async () => {
    session.set(newCustomer);
    const { user, fetchMock } = renderApp('/sda-checking', {
      ...answers,
      'GET /api/sda-checking': () => sdaInfoAnswer(formattedWording.text, formattedWording.html),
      'POST /api/sda-checking': ok,
    });
    await expectFormattedWordingShown();
    await agreeAndContinue(user);
    await waitFor(() => {
      expect(bodiesSentTo(fetchMock, 'POST /api/sda-checking')).toEqual([
        expect.objectContaining({ sda_agreement_text: formattedWording.text }),
      ]);
    });
  });

  it('sends the consent once, blocked while in flight, and goes on to the questionnaire', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user, fetchMock, router } = renderSda(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    await agreeAndContinue(user);

    expect(await screen.findByRole('status')).toHaveTextContent(
      'მიმდინარეობს მონაცემების დამუშავება',
    );
    expect(nextButton()).toBeDisabled();
    expect(agreement()).toBeDisabled();
    await user.click(nextButton());
    expect(bodiesSentTo(fetchMock, 'POST /api/sda-checking')).toEqual([
      {
        sda_agreed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) as unknown,
        is_sda_verified: true,
        sda_agreement_text: infoText,
        sda_info_version: 1,
      },
    ]);

    answer(jsonResponse({ status: 'success' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/questionnaire');
    });
    expect(session.get()).toMatchObject({ is_sda_verified: true, has_questionnaire: false });
  });

  it('on a refusal, tells the customer, forgets the session and starts registration again', async () => {
    const { user, router } = renderSda(() => jsonResponse({ status: 'refused', message: refusal }));
    await agreeAndContinue(user);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/register');
    });
    expect(session.get()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(refusal);
  });

  it.each([
    ['an unreachable registry (503)', () => jsonResponse({ status: 'error', message: 'x' }, 503)],
    ['a lost connection', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('on %s, says the service cannot be reached and lets the customer retry', async (_, fail) => {
    const { user, fetchMock, router } = renderSda(fail);
    await agreeAndContinue(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'სერვისთან დაკავშირება ვერ ხერხდება',
    );
    expect(router.state.location.pathname).toBe('/sda-checking');
    expect(session.get()).toMatchObject({ is_sda_verified: false });
    expect(nextButton()).toBeEnabled();
    expect(nextButton()).toHaveFocus();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(bodiesSentTo(fetchMock, 'POST /api/sda-checking')).toHaveLength(2);
    });
  });

  it('shows a wording an editor replaced meanwhile, box unticked and the message, then agrees to it', async () => {
    let version = 1;
    session.set(newCustomer);
    const { user, fetchMock, router } = renderApp('/sda-checking', {
      ...answers,
      'GET /api/sda-checking': () =>
        version === 1
          ? sdaInfoAnswer(infoText, infoHtml)
          : sdaInfoAnswer('ახალი რედაქცია.', '<p>ახალი რედაქცია.</p>', version),
      'POST /api/sda-checking': (body) =>
        (body as { sda_info_version: number }).sda_info_version === version
          ? ok()
          : wordingChanged('is_sda_verified'),
    });
    expect(await screen.findByText('პირველი აბზაცი.')).toBeInTheDocument();
    version = 2;
    await agreeAndContinue(user);

    expect(await screen.findByText('ახალი რედაქცია.')).toBeInTheDocument();
    expect(screen.queryByText('პირველი აბზაცი.')).not.toBeInTheDocument();
    expect(agreement()).not.toBeChecked();
    expect(agreement()).toHaveAccessibleDescription(wordingChangedMessage);
    expect(agreement()).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(nextButton()).toBeDisabled();
    expect(router.state.location.pathname).toBe('/sda-checking');

    await agreeAndContinue(user);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/questionnaire');
    });
    expect(bodiesSentTo(fetchMock, 'POST /api/sda-checking')).toEqual([
      expect.objectContaining({ sda_agreement_text: infoText, sda_info_version: 1 }),
      expect.objectContaining({ sda_agreement_text: 'ახალი რედაქცია.', sda_info_version: 2 }),
    ]);
  });

  it.each([
    ['the questionnaire', false, '/questionnaire'],
    ['the personal page', true, '/main'],
  ])('sends a customer who has agreed already on to %s', async (_, hasQuestionnaire, path) => {
    session.set({ ...customerFixture, has_questionnaire: hasQuestionnaire });
    const { router } = renderApp('/sda-checking', answers);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(path);
    });
  });

  it('is for signed-in customers only', async () => {
    const { router } = renderApp('/sda-checking', answers);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
  });
});
