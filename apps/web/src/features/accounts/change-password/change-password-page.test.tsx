import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  bodiesSentTo,
  customerFixture,
  fieldErrors,
  jsonResponse,
  ok,
  type ApiAnswer,
} from '../../../test/api-fixtures';
import { renderApp } from '../../../test/render-app';
import { session } from '../../../shared/session/session';

type User = ReturnType<typeof renderApp>['user'];

async function changeTo(user: User, password: string, confirmation: string) {
  await user.type(await screen.findByLabelText('ახალი პაროლი'), password);
  await user.type(screen.getByLabelText('გაიმეორეთ პაროლი'), confirmation);
  await user.click(screen.getByRole('button', { name: 'პაროლის შეცვლა' }));
}

function renderSignedIn(answers: Record<string, ApiAnswer>) {
  session.set(customerFixture);
  return renderApp('/change-password', answers);
}

describe('/change-password', () => {
  it('is for signed-in users only', async () => {
    const { router } = renderApp('/change-password');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
  });

  it('applies the profile gates of the route guard', async () => {
    session.set({ ...customerFixture, is_sda_verified: false });
    const { router } = renderApp('/change-password');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/sda-checking');
    });
  });

  it('changes the password and logs out, since every session has ended', async () => {
    const { user, fetchMock, router } = renderSignedIn({
      'POST /api/change-password': ok,
      // The change revoked the session: a logout call would be refused (and logged in red).
      'POST /api/logout': () => jsonResponse({ status: 'error', message: 'x' }, 401),
    });
    expect(await screen.findByLabelText('ახალი პაროლი')).toHaveAccessibleDescription(
      'მინიმუმ 8 სიმბოლო. ძალიან გავრცელებული პაროლები არ მიიღება.',
    );
    await changeTo(user, 'ახალი გრძელი პაროლი', 'ახალი გრძელი პაროლი');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(bodiesSentTo(fetchMock, 'POST /api/change-password')).toEqual([
      { password: 'ახალი გრძელი პაროლი', password_confirmation: 'ახალი გრძელი პაროლი' },
    ]);
    expect(bodiesSentTo(fetchMock, 'POST /api/logout')).toEqual([]);
    expect(router.state.location.search).toBe('');
    expect(session.get()).toBeNull();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'პაროლი შეიცვალა. გთხოვთ, შეხვიდეთ ახალი პაროლით.',
    );
  });

  it('shows the server’s errors under the two fields', async () => {
    const { user, router } = renderSignedIn({
      'POST /api/change-password': () =>
        fieldErrors({
          password: ['ეს პაროლი ძალიან გავრცელებულია'],
          password_confirmation: ['პაროლები ერთმანეთს არ ემთხვევა'],
        }),
    });
    await changeTo(user, 'password', 'passwort');
    expect(await screen.findByText('ეს პაროლი ძალიან გავრცელებულია')).toBeInTheDocument();
    expect(screen.getByText('პაროლები ერთმანეთს არ ემთხვევა')).toBeInTheDocument();
    expect(screen.getByLabelText('ახალი პაროლი')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('გაიმეორეთ პაროლი')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/change-password');
    expect(session.get()).not.toBeNull();
  });

  it('asks for both fields before sending', async () => {
    const { user, fetchMock } = renderSignedIn({ 'POST /api/change-password': ok });
    await user.click(await screen.findByRole('button', { name: 'პაროლის შეცვლა' }));
    expect(await screen.findAllByText('ველის შევსება სავალდებულოა')).toHaveLength(2);
    expect(bodiesSentTo(fetchMock, 'POST /api/change-password')).toEqual([]);
  });

  it('is where a temporary password leads at sign-in, and the only page open until it is changed', async () => {
    const staffMember = {
      ...customerFixture,
      phone: '598111222',
      is_sda_verified: false,
      has_questionnaire: false,
      roles: ['support'],
      must_change_password: true,
    };
    const { user, router } = renderApp('/login', {
      'POST /api/login': () => jsonResponse({ status: 'success', user: staffMember }),
      'POST /api/change-password': ok,
    });
    await user.type(await screen.findByLabelText('ტელეფონის ნომერი'), staffMember.phone);
    await user.type(screen.getByLabelText('პაროლი'), 'Tmp7kQ2mPz9a');
    await user.click(screen.getByRole('button', { name: 'შესვლა' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/change-password');
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'თქვენი პაროლი დროებითია. გთხოვთ, შექმნათ საკუთარი პაროლი: მანამდე სხვა გვერდები მიუწვდომელია.',
    );
    await router.navigate('/checking');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/change-password');
    });
    await changeTo(user, 'ჩემი საკუთარი პაროლი', 'ჩემი საკუთარი პაროლი');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(session.get()).toBeNull();
  });
});
