import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  bodiesSentTo,
  customerFixture,
  fieldErrors,
  jsonResponse,
} from '../../../test/api-fixtures';
import { renderApp } from '../../../test/render-app';
import { session } from '../../../shared/session/session';

async function fillIn(user: ReturnType<typeof renderApp>['user'], phone: string, password: string) {
  await user.type(await screen.findByLabelText('ტელეფონის ნომერი'), phone);
  await user.type(screen.getByLabelText('პაროლი'), password);
  await user.click(screen.getByRole('button', { name: 'შესვლა' }));
}

describe('/login', () => {
  it('asks for the phone without +995 and the password, and links onwards', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'შესვლა' })).toBeInTheDocument();
    const phone = screen.getByLabelText('ტელეფონის ნომერი');
    expect(phone).toHaveAttribute('inputmode', 'numeric');
    expect(phone).toHaveAttribute('name', 'phone');
    expect(phone).toHaveAccessibleDescription('9 ციფრი, +995-ის გარეშე');
    expect(screen.getByText('+995')).toBeVisible();
    expect(screen.getByLabelText('პაროლი')).toHaveAttribute('type', 'password');
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'დაგავიწყდათ პაროლი?' })).toHaveAttribute(
      'href',
      '/restore-password',
    );
    expect(main.getByRole('link', { name: 'რეგისტრაცია' })).toHaveAttribute('href', '/register');
  });

  it('signs the user in and goes to /main, where the guard takes over', async () => {
    const user = {
      ...customerFixture,
      is_sda_verified: false,
      has_questionnaire: false,
      is_identomat_verified: false,
    };
    const app = renderApp('/login', {
      'POST /api/login': () => jsonResponse({ status: 'success', user }),
    });
    await fillIn(app.user, '599000002', 'საიდუმლო პაროლი');
    expect(await screen.findByRole('button', { name: 'ნინო კაპანაძე' })).toBeInTheDocument();
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe('/sda-checking');
    });
    expect(session.get()).toMatchObject(user);
    expect(bodiesSentTo(app.fetchMock, 'POST /api/login')).toEqual([
      { phone: '599000002', password: 'საიდუმლო პაროლი' },
    ]);
  });

  it('shows the server’s errors under the phone and the password', async () => {
    const app = renderApp('/login', {
      'POST /api/login': () => fieldErrors({ password: ['ტელეფონი ან პაროლი არასწორია'] }),
    });
    await fillIn(app.user, '599000002', 'wrong-password');
    expect(await screen.findByText('ტელეფონი ან პაროლი არასწორია')).toBeInTheDocument();
    expect(screen.getByLabelText('პაროლი')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('პაროლი')).toHaveFocus();
    expect(session.get()).toBeNull();
    expect(app.router.state.location.pathname).toBe('/login');
  });

  it('shows a phone error under the phone', async () => {
    const app = renderApp('/login', {
      'POST /api/login': () =>
        fieldErrors({ phone: ['შეიყვანეთ 5-ით დაწყებული 9-ნიშნა მობილურის ნომერი'] }),
    });
    await fillIn(app.user, '12345', 'password');
    const phone = screen.getByLabelText('ტელეფონის ნომერი');
    expect(
      await screen.findByText('შეიყვანეთ 5-ით დაწყებული 9-ნიშნა მობილურის ნომერი'),
    ).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveFocus();
  });

  it('says for how long when the address made too many calls', async () => {
    const app = renderApp('/login', {
      'POST /api/login': () =>
        jsonResponse(
          { status: 'error', message: 'ძალიან ბევრი მოთხოვნა, გთხოვთ, სცადოთ მოგვიანებით' },
          429,
          { 'Retry-After': '150' },
        ),
    });
    await fillIn(app.user, '599000002', 'password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ძალიან ბევრი მცდელობა. გთხოვთ, სცადოთ 3 წუთში',
    );
  });

  it('shows the login throttle’s own wait under the password', async () => {
    const app = renderApp('/login', {
      'POST /api/login': () =>
        jsonResponse(
          { status: 'error', password: ['ძალიან ბევრი მცდელობა. გთხოვთ, სცადოთ 14 წუთში'] },
          429,
          { 'Retry-After': '840' },
        ),
    });
    await fillIn(app.user, '599000002', 'password');
    expect(await screen.findByText('ძალიან ბევრი მცდელობა. გთხოვთ, სცადოთ 14 წუთში')).toBeVisible();
    expect(screen.getByLabelText('პაროლი')).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    ['expired', 'თქვენი სესიის ვადა ამოიწურა. გთხოვთ, შეხვიდეთ ხელახლა.'],
    ['ended', 'თქვენი სესია დასრულდა. გთხოვთ, შეხვიდეთ ხელახლა.'],
  ])('says why when sent here by a session that %s', async (reason, text) => {
    renderApp(`/login?reason=${reason}`);
    expect(await screen.findByRole('status')).toHaveTextContent(text);
  });

  it('says nothing of a reason it does not know', async () => {
    renderApp('/login?reason=whatever');
    await screen.findByRole('heading', { level: 1, name: 'შესვლა' });
    expect(screen.queryByText(/სესია/)).not.toBeInTheDocument();
  });

  it('sends a signed-in customer on to /main', async () => {
    session.set(customerFixture);
    const { router } = renderApp('/login');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/main');
    });
  });

  it('refuses a 13-digit phone under the field, keeping what was typed', async () => {
    const app = renderApp('/login');
    await app.user.type(await screen.findByLabelText('ტელეფონის ნომერი'), '5991234567890');
    expect(screen.getByLabelText('ტელეფონის ნომერი')).toHaveValue('5991234567890');
    expect(screen.getByLabelText('ტელეფონის ნომერი')).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText(
        'ნომერი ძალიან გრძელია: შეიყვანეთ 5-ით დაწყებული 9-ნიშნა მობილურის ნომერი +995-ის გარეშე',
      ),
    ).toBeVisible();
  });
});
