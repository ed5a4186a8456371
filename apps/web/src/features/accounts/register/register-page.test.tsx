import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  bodiesSentTo,
  customerFixture,
  fieldErrors,
  jsonResponse,
  ok,
  requestsTo,
  type ApiAnswer,
} from '../../../test/api-fixtures';
import {
  expectFormattedWordingShown,
  formattedWording,
  wordingChanged,
  wordingChangedMessage,
  wordingSha256Fixture,
} from '../../../test/consent-wording';
import { renderApp } from '../../../test/render-app';
import { session } from '../../../shared/session/session';
import { ssoStartKey, ssoTokenKey } from '../../../shared/sso/sso-token';

const identity = { name: 'გიორგი', surname: 'ბერიძე', identity_number: '01001000011' };
const privacyText = 'პირველი აბზაცი.\nმეორე აბზაცი.';

/** `GET /api/register`'s answer with a privacy policy. */
function registerFormAnswer(text: string, html: string, version = 1) {
  return jsonResponse({
    status: 'success',
    documentTypes: [
      { id: 1, name: 'პირადობის მოწმობა' },
      { id: 2, name: 'პასპორტი' },
    ],
    privacy_policy_info_text: text,
    privacy_policy_info_html: html,
    privacy_policy_info_version: version,
    privacy_policy_info_sha256: wordingSha256Fixture,
  });
}

const identifiedAnswers: Record<string, ApiAnswer> = {
  'GET /api/sso/user-info': () =>
    jsonResponse({ status: 'success', user_info: identity, already_registered: false }),
  'GET /api/register': () =>
    registerFormAnswer(privacyText, '<p>პირველი აბზაცი.</p><p>მეორე აბზაცი.</p>'),
  'POST /api/phone-checking': ok,
  'POST /api/code-sending': ok,
  'POST /api/code-checking': ok,
};

const newUser = {
  ...customerFixture,
  name: identity.name,
  surname: identity.surname,
  phone: '599123456',
  is_sda_verified: false,
  has_questionnaire: false,
  is_identomat_verified: false,
};

function renderIdentified(answers: Record<string, ApiAnswer> = {}) {
  localStorage.setItem(ssoTokenKey, 'sso-token-1');
  return renderApp('/register', { ...identifiedAnswers, ...answers });
}

type User = ReturnType<typeof renderApp>['user'];

async function confirmPhone(user: User) {
  await user.type(screen.getByLabelText('ტელეფონის ნომერი'), '599123456');
  const send = screen.getByRole('button', { name: 'კოდის გაგზავნა' });
  await waitFor(() => {
    expect(send).toBeEnabled();
  });
  await user.click(send);
  const code = screen.getByLabelText('კოდი');
  await waitFor(() => {
    expect(code).toBeEnabled();
  });
  await user.type(code, '1234');
  await waitFor(() => {
    expect(code).toHaveAttribute('readonly');
  });
}

async function fillInTheRest(user: User) {
  await user.selectOptions(screen.getByLabelText('დოკუმენტის ტიპი'), 'პასპორტი');
  await user.type(screen.getByLabelText('დოკუმენტის ნომერი'), 'ab1234567');
  await user.type(screen.getByLabelText('პაროლი'), 'გრძელი პაროლი');
  await user.type(screen.getByLabelText('გაიმეორეთ პაროლი'), 'გრძელი პაროლი');
  await user.click(screen.getByLabelText('ვეთანხმები კონფიდენციალურობის პოლიტიკას'));
}

const submitButton = () => screen.getByRole('button', { name: 'რეგისტრაცია' });

describe('/register: the single sign-on step', () => {
  it('comes first when no SSO token is stored, and starts SSO for registration', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ assign } as unknown as Location);
    const { user, fetchMock } = renderApp('/register', {
      'POST /api/sso/initiate': () =>
        jsonResponse({
          status: 'success',
          sso_token: 'sso-token-2',
          auth_url: 'http://localhost:3000/dev-idp/auth?client_id=sesxi',
        }),
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'ვინაობის დადასტურება' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('ტელეფონის ნომერი')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'SSO ავტორიზაცია' }));
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith('http://localhost:3000/dev-idp/auth?client_id=sesxi');
    });
    expect(bodiesSentTo(fetchMock, 'POST /api/sso/initiate')).toEqual([
      { state: { context: 'registration' } },
    ]);
    expect(localStorage.getItem(ssoTokenKey)).toBe('sso-token-2');
    expect(localStorage.getItem(ssoStartKey)).toBe('{"context":"registration"}');
    // Until the provider's page replaces this one, the new token is not an identity yet.
    expect(screen.getByRole('button', { name: 'SSO ავტორიზაცია' })).toBeDisabled();
    expect(requestsTo(fetchMock, 'GET /api/sso/user-info')).toEqual([]);
  });

  it('says so when SSO cannot start, and lets the visitor try again', async () => {
    const { user } = renderApp('/register', {
      'POST /api/sso/initiate': () =>
        jsonResponse({ status: 'error', message: 'სერვისთან დაკავშირება ვერ ხერხდება' }, 503),
    });
    await user.click(await screen.findByRole('button', { name: 'SSO ავტორიზაცია' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'SSO ავტორიზაციის დაწყება ვერ მოხერხდა',
    );
    expect(screen.getByRole('button', { name: 'SSO ავტორიზაცია' })).toBeEnabled();
    expect(localStorage.getItem(ssoTokenKey)).toBeNull();
  });

  it('names a lost connection differently', async () => {
    const { user } = renderApp('/register');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await user.click(await screen.findByRole('button', { name: 'SSO ავტორიზაცია' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('SSO ავტორიზაციისას მოხდა შეცდომა');
    expect(screen.getByRole('button', { name: 'SSO ავტორიზაცია' })).toBeEnabled();
  });

  it('drops a stored token that yields no identity and shows the SSO step again', async () => {
    const { fetchMock } = renderIdentified({
      'GET /api/sso/user-info': () =>
        jsonResponse({ status: 'error', message: 'მოთხოვნილი რესურსი ვერ მოიძებნა' }, 404),
    });
    expect(await screen.findByRole('button', { name: 'SSO ავტორიზაცია' })).toBeInTheDocument();
    expect(localStorage.getItem(ssoTokenKey)).toBeNull();
    expect(requestsTo(fetchMock, 'GET /api/sso/user-info').map(({ url }) => url)).toEqual([
      '/api/sso/user-info?sso_token=sso-token-1',
    ]);
  });
});

describe('/register: a personal number that already has an account', () => {
  it('says so right after single sign-on, with login and restore links, and no form', async () => {
    const { user, router } = renderIdentified({
      'GET /api/sso/user-info': () =>
        jsonResponse({ status: 'success', user_info: identity, already_registered: true }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('ამ პირადი ნომრით ანგარიში უკვე არსებობს');
    expect(alert).toHaveTextContent('გიორგი ბერიძე, თქვენ უკვე დარეგისტრირებული ხართ');
    expect(screen.queryByLabelText('ტელეფონის ნომერი')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'პაროლის აღდგენა' })).toHaveAttribute(
      'href',
      '/restore-password',
    );
    expect(screen.getByRole('button', { name: 'სხვა პირის რეგისტრაცია' })).toBeEnabled();
    await user.click(screen.getByRole('link', { name: 'ანგარიშზე შესვლა' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
  });
});

describe('/register: the personal-data form', () => {
  it('shows the SSO identity read-only and every field with its API name', async () => {
    renderIdentified();
    const name = await screen.findByLabelText('სახელი');
    expect(name).toHaveValue('გიორგი');
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByLabelText('გვარი')).toHaveValue('ბერიძე');
    expect(screen.getByLabelText('გვარი')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('პირადი ნომერი')).toHaveValue('01001000011');
    expect(screen.getByLabelText('პირადი ნომერი')).toHaveAttribute('readonly');

    const names = {
      სახელი: 'name',
      გვარი: 'surname',
      'პირადი ნომერი': 'identity_number',
      'დოკუმენტის ტიპი': 'document_type_id',
      'დოკუმენტის ნომერი': 'document_number',
      'ტელეფონის ნომერი': 'phone',
      კოდი: 'code',
      პაროლი: 'password',
      'გაიმეორეთ პაროლი': 'password_confirmation',
      'ვეთანხმები კონფიდენციალურობის პოლიტიკას': 'privacy_policy',
    };
    for (const [label, fieldName] of Object.entries(names)) {
      expect(screen.getByLabelText(label)).toHaveAttribute('name', fieldName);
    }
    const documentTypes = within(screen.getByLabelText('დოკუმენტის ტიპი'));
    expect(documentTypes.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'აირჩიეთ დოკუმენტის ტიპი',
      'პირადობის მოწმობა',
      'პასპორტი',
    ]);
    expect(screen.getByLabelText('პაროლი')).toHaveAccessibleDescription(
      'მინიმუმ 8 სიმბოლო. ძალიან გავრცელებული პაროლები არ მიიღება.',
    );
  });

  it('lets the privacy policy be read', async () => {
    const { user } = renderIdentified();
    await user.click(await screen.findByText('კონფიდენციალურობის პოლიტიკის წაკითხვა'));
    expect(screen.getByText('პირველი აბზაცი.')).toBeVisible();
    expect(screen.getByText('მეორე აბზაცი.')).toBeVisible();
  });

  it('shows the privacy policy with the formatting its editor published', async () => {
    const { user } = renderIdentified({
      'GET /api/register': () => registerFormAnswer(formattedWording.text, formattedWording.html),
    });
    await user.click(await screen.findByText('კონფიდენციალურობის პოლიტიკის წაკითხვა'));
    await expectFormattedWordingShown();
  });

  it('can be sent only once the phone is valid and confirmed by code', async () => {
    const { user } = renderIdentified();
    await screen.findByLabelText('სახელი');
    await fillInTheRest(user);
    expect(submitButton()).toBeDisabled();
    await user.type(screen.getByLabelText('ტელეფონის ნომერი'), '599123456');
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'კოდის გაგზავნა' })).toBeEnabled();
    });
    expect(submitButton()).toBeDisabled();

    await user.clear(screen.getByLabelText('ტელეფონის ნომერი'));
    await confirmPhone(user);
    expect(submitButton()).toBeEnabled();
  });

  it('registers with the spec’s payload, signs the user in and goes on to /sda-checking', async () => {
    const { user, fetchMock, router } = renderIdentified({
      'POST /api/register': () => jsonResponse({ status: 'success', user: newUser }),
    });
    await screen.findByLabelText('სახელი');
    await confirmPhone(user);
    await fillInTheRest(user);
    await user.click(submitButton());

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/sda-checking');
    });
    const [body] = bodiesSentTo(fetchMock, 'POST /api/register');
    expect(body).toEqual({
      ...identity,
      document_type_id: 2,
      document_number: 'ab1234567',
      phone: '599123456',
      phone_verified_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) as unknown,
      password: 'გრძელი პაროლი',
      password_confirmation: 'გრძელი პაროლი',
      privacy_policy: true,
      privacy_policy_agreement_text: privacyText,
      privacy_policy_info_version: 1,
      sso_token: 'sso-token-1',
    });
    expect(session.get()).toMatchObject(newUser);
    expect(localStorage.getItem(ssoTokenKey)).toBeNull();
    expect(await screen.findByRole('button', { name: 'გიორგი ბერიძე' })).toBeInTheDocument();
  });

  it('shows the server’s errors under their fields and can be sent again', async () => {
    let answer = () =>
      fieldErrors({
        identity_number: ['ამ პირადი ნომრით ანგარიში უკვე არსებობს'],
        document_number: ['დოკუმენტის ნომერი უნდა შედგებოდეს 9 ლათინური ასოსა და ციფრისგან'],
        password_confirmation: ['პაროლები ერთმანეთს არ ემთხვევა'],
      });
    const { user, fetchMock } = renderIdentified({ 'POST /api/register': () => answer() });
    await screen.findByLabelText('სახელი');
    await confirmPhone(user);
    await fillInTheRest(user);
    await user.click(submitButton());

    expect(await screen.findByText('პაროლები ერთმანეთს არ ემთხვევა')).toBeInTheDocument();
    expect(screen.getByText('ამ პირადი ნომრით ანგარიში უკვე არსებობს')).toBeInTheDocument();
    expect(screen.getByLabelText('დოკუმენტის ნომერი')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('გაიმეორეთ პაროლი')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('პირადი ნომერი')).toHaveFocus();

    answer = () => fieldErrors({ phone: ['ამ ნომრით ანგარიში უკვე არსებობს'] });
    await user.click(submitButton());
    expect(await screen.findByText('ამ ნომრით ანგარიში უკვე არსებობს')).toBeInTheDocument();
    expect(screen.getByLabelText('ტელეფონის ნომერი')).toHaveFocus();
    expect(bodiesSentTo(fetchMock, 'POST /api/register')).toHaveLength(2);
  });

  it('shows a privacy policy an editor replaced meanwhile, box unticked and the message, other fields kept', async () => {
    let version = 1;
    const { user, fetchMock, router } = renderIdentified({
      'GET /api/register': () =>
        version === 1
          ? registerFormAnswer(privacyText, '<p>პირველი აბზაცი.</p><p>მეორე აბზაცი.</p>')
          : registerFormAnswer('ახალი პოლიტიკა.', '<p>ახალი პოლიტიკა.</p>', version),
      'POST /api/register': (body) =>
        (body as { privacy_policy_info_version: number }).privacy_policy_info_version === version
          ? jsonResponse({ status: 'success', user: newUser })
          : wordingChanged('privacy_policy'),
    });
    await screen.findByLabelText('სახელი');
    await confirmPhone(user);
    await fillInTheRest(user);
    version = 2;
    await user.click(submitButton());

    const policyAgreement = screen.getByLabelText('ვეთანხმები კონფიდენციალურობის პოლიტიკას');
    await waitFor(() => {
      expect(policyAgreement).toHaveAccessibleDescription(wordingChangedMessage);
    });
    expect(screen.getByText('ახალი პოლიტიკა.')).toBeVisible();
    expect(screen.queryByText('პირველი აბზაცი.')).not.toBeInTheDocument();
    expect(policyAgreement).not.toBeChecked();
    expect(policyAgreement).toHaveFocus();
    expect(screen.getByLabelText('დოკუმენტის ნომერი')).toHaveValue('ab1234567');
    expect(screen.getByLabelText('პაროლი')).toHaveValue('გრძელი პაროლი');
    expect(screen.getByLabelText('ტელეფონის ნომერი')).toHaveValue('599123456');
    expect(submitButton()).toBeEnabled();

    await user.click(policyAgreement);
    await user.click(submitButton());
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/sda-checking');
    });
    expect(bodiesSentTo(fetchMock, 'POST /api/register')).toEqual([
      expect.objectContaining({
        privacy_policy_agreement_text: privacyText,
        privacy_policy_info_version: 1,
      }),
      expect.objectContaining({
        document_number: 'ab1234567',
        privacy_policy_agreement_text: 'ახალი პოლიტიკა.',
        privacy_policy_info_version: 2,
      }),
    ]);
  });

  it('asks for the privacy-policy agreement before sending', async () => {
    const { user, fetchMock } = renderIdentified();
    await screen.findByLabelText('სახელი');
    await confirmPhone(user);
    await fillInTheRest(user);
    await user.click(screen.getByLabelText('ვეთანხმები კონფიდენციალურობის პოლიტიკას'));
    await user.click(submitButton());
    expect(
      await screen.findByText('გთხოვთ, დაეთანხმოთ კონფიდენციალურობის პოლიტიკას'),
    ).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/register')).toEqual([]);
  });
});
