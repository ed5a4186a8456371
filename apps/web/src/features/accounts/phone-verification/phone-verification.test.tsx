import type { CodePurpose } from '@sesxi/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { useController, useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bodiesSentTo,
  fieldErrors,
  jsonResponse,
  mockApi,
  ok,
  type ApiAnswer,
} from '../../../test/api-fixtures';
import { renderRoutes } from '../../../test/render';
import { PhoneVerificationFields } from './phone-verification-fields';
import { usePhoneVerification } from './use-phone-verification';

function Harness({ purpose }: { purpose: CodePurpose }) {
  const form = useForm({ defaultValues: { phone: '' } });
  const phone = useController({ control: form.control, name: 'phone' });
  const verification = usePhoneVerification(purpose, phone.field.value);
  return (
    <>
      <PhoneVerificationFields {...phone.field} verification={verification} />
      <span data-testid="confirmed-at">{verification.confirmedAt ?? ''}</span>
    </>
  );
}

const registrationAnswers: Record<string, ApiAnswer> = {
  'POST /api/phone-checking': ok,
  'POST /api/code-sending': ok,
  'POST /api/code-checking': (body) =>
    (body as { code: string }).code === '1234' ? ok() : fieldErrors({ code: ['კოდი არასწორია'] }),
};

function renderWidget(
  answers: Record<string, ApiAnswer> = {},
  purpose: CodePurpose = 'registration',
) {
  const fetchMock = mockApi({ ...registrationAnswers, ...answers });
  const view = renderRoutes([{ path: '/', element: <Harness purpose={purpose} /> }], '/', {
    advanceTimers: (ms) => vi.advanceTimersByTime(ms),
  });
  return { fetchMock, ...view };
}

const phoneField = () => screen.getByLabelText('ტელეფონის ნომერი');
const codeField = () => screen.getByLabelText('კოდი');
const sendButton = () => screen.getByRole('button', { name: 'კოდის გაგზავნა' });

async function passTime(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function deferred() {
  let resolve: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

type User = ReturnType<typeof renderWidget>['user'];

async function typeValidPhone(user: User, phone = '599123456') {
  await user.type(phoneField(), phone);
  await waitFor(() => {
    expect(sendButton()).toBeEnabled();
  });
}

async function sendCode(user: User) {
  await user.click(sendButton());
  await waitFor(() => {
    expect(codeField()).toBeEnabled();
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-11-22T08:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('phone verification: the phone check', () => {
  it('checks the number once it has 9 digits, and only then allows a code', async () => {
    const { user, fetchMock } = renderWidget();
    expect(sendButton()).toBeDisabled();
    expect(codeField()).toBeDisabled();

    await user.type(phoneField(), '59912345');
    expect(bodiesSentTo(fetchMock, 'POST /api/phone-checking')).toEqual([]);
    expect(sendButton()).toBeDisabled();

    await user.type(phoneField(), '6');
    await waitFor(() => {
      expect(sendButton()).toBeEnabled();
    });
    expect(bodiesSentTo(fetchMock, 'POST /api/phone-checking')).toEqual([{ phone: '599123456' }]);
    expect(codeField()).toBeDisabled();
  });

  it('shows why a number cannot be used, under the phone, and allows no code', async () => {
    const { user } = renderWidget({
      'POST /api/phone-checking': () =>
        fieldErrors({ phone: ['ამ ნომრით ანგარიში უკვე არსებობს'] }),
    });
    await user.type(phoneField(), '599123456');
    expect(await screen.findByText('ამ ნომრით ანგარიში უკვე არსებობს')).toBeInTheDocument();
    expect(phoneField()).toHaveAttribute('aria-invalid', 'true');
    expect(sendButton()).toBeDisabled();
  });

  it('keeps only digits, and drops a pasted +995', async () => {
    const { user, fetchMock } = renderWidget();
    await user.click(phoneField());
    await user.paste('+995 599 12-34-56');
    expect(phoneField()).toHaveValue('599123456');
    await waitFor(() => {
      expect(bodiesSentTo(fetchMock, 'POST /api/phone-checking')).toEqual([{ phone: '599123456' }]);
    });
  });

  it('refuses a 13-digit number under the field instead of cutting it, and allows no code', async () => {
    const { user, fetchMock } = renderWidget();
    await user.click(phoneField());
    await user.paste('5991234567890');
    expect(phoneField()).toHaveValue('5991234567890');
    expect(phoneField()).toHaveAttribute('aria-invalid', 'true');
    expect(phoneField()).toHaveAccessibleDescription(
      expect.stringContaining(
        'ნომერი ძალიან გრძელია: შეიყვანეთ 5-ით დაწყებული 9-ნიშნა მობილურის ნომერი +995-ის გარეშე',
      ) as string,
    );
    expect(sendButton()).toBeDisabled();
    expect(bodiesSentTo(fetchMock, 'POST /api/phone-checking')).toEqual([]);
  });

  it('ignores the answer about a number that has been changed since', async () => {
    const late = deferred();
    const { user } = renderWidget({
      'POST /api/phone-checking': (body) =>
        (body as { phone: string }).phone === '599123456'
          ? late.promise
          : fieldErrors({ phone: ['ნომერი არასწორია'] }),
    });
    await user.type(phoneField(), '599123456');
    await user.type(phoneField(), '{Backspace}7');
    expect(await screen.findByText('ნომერი არასწორია')).toBeInTheDocument();
    late.resolve(ok());
    await passTime(100);
    expect(sendButton()).toBeDisabled();
    expect(screen.getByText('ნომერი არასწორია')).toBeInTheDocument();
  });
});

describe('phone verification: sending the code', () => {
  it('sends the code for the purpose, opens the code field and counts 15 s down', async () => {
    const { user, fetchMock } = renderWidget();
    await typeValidPhone(user);
    await sendCode(user);

    expect(bodiesSentTo(fetchMock, 'POST /api/code-sending')).toEqual([
      { phone: '599123456', purpose: 'registration' },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('კოდი გაიგზავნა ნომერზე +995 599123456');
    expect(
      screen.getByText('ახალი კოდის მოთხოვნა შესაძლებელი იქნება 15 წამში'),
    ).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();

    await passTime(5000);
    expect(
      screen.getByText('ახალი კოდის მოთხოვნა შესაძლებელი იქნება 10 წამში'),
    ).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();

    await passTime(10_000);
    expect(screen.queryByText(/ახალი კოდის მოთხოვნა/)).not.toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
  });

  it('keeps the button disabled while the request is on its way', async () => {
    const pending = deferred();
    const { user } = renderWidget({ 'POST /api/code-sending': () => pending.promise });
    await typeValidPhone(user);
    await user.click(sendButton());
    expect(sendButton()).toBeDisabled();
    expect(codeField()).toBeDisabled();
    pending.resolve(ok());
    await waitFor(() => {
      expect(codeField()).toBeEnabled();
    });
  });

  it('holds the button for 30 s after a click that did not get a code out', async () => {
    const { user } = renderWidget({
      'POST /api/code-sending': () =>
        jsonResponse({ status: 'error', message: 'სერვისთან დაკავშირება ვერ ხერხდება' }, 503),
    });
    await typeValidPhone(user);
    await user.click(sendButton());
    expect(await screen.findByText('სერვისთან დაკავშირება ვერ ხერხდება')).toBeInTheDocument();
    expect(codeField()).toBeDisabled();

    await passTime(29_000);
    expect(sendButton()).toBeDisabled();
    await passTime(1000);
    expect(sendButton()).toBeEnabled();
  });

  it('shows a 429’s message and waits as long as its Retry-After says', async () => {
    const { user } = renderWidget({
      'POST /api/code-sending': () =>
        jsonResponse(
          { status: 'error', message: 'ძალიან ბევრი მცდელობა, გთხოვთ, სცადოთ მოგვიანებით' },
          429,
          { 'Retry-After': '45' },
        ),
    });
    await typeValidPhone(user);
    await user.click(sendButton());
    expect(
      await screen.findByText('ძალიან ბევრი მცდელობა, გთხოვთ, სცადოთ მოგვიანებით'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('ახალი კოდის მოთხოვნა შესაძლებელი იქნება 45 წამში'),
    ).toBeInTheDocument();

    await passTime(44_000);
    expect(sendButton()).toBeDisabled();
    await passTime(1000);
    expect(sendButton()).toBeEnabled();
  });
});

describe('phone verification: the code', () => {
  it('checks the code automatically once it has 4 digits', async () => {
    const { user, fetchMock } = renderWidget();
    await typeValidPhone(user);
    await sendCode(user);

    await user.type(codeField(), '123');
    expect(bodiesSentTo(fetchMock, 'POST /api/code-checking')).toEqual([]);
    await user.type(codeField(), '4');
    await waitFor(() => {
      expect(screen.getByRole('status')).toHaveTextContent('ტელეფონის ნომერი დადასტურებულია');
    });
    expect(bodiesSentTo(fetchMock, 'POST /api/code-checking')).toEqual([
      { phone: '599123456', code: '1234', purpose: 'registration' },
    ]);
  });

  it('shows a wrong code’s error under the code field and lets it be typed again', async () => {
    const { user } = renderWidget();
    await typeValidPhone(user);
    await sendCode(user);
    await user.type(codeField(), '9999');
    expect(await screen.findByText('კოდი არასწორია')).toBeInTheDocument();
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(codeField()).not.toHaveAttribute('readonly');

    await user.clear(codeField());
    expect(screen.queryByText('კოდი არასწორია')).not.toBeInTheDocument();
    await user.type(codeField(), '1234');
    await waitFor(() => {
      expect(screen.getByRole('status')).toHaveTextContent('ტელეფონის ნომერი დადასტურებულია');
    });
  });

  it('locks the code field and the button once the code is confirmed, and notes the time', async () => {
    const { user } = renderWidget();
    await typeValidPhone(user);
    await sendCode(user);
    await user.type(codeField(), '1234');
    await waitFor(() => {
      expect(codeField()).toHaveAttribute('readonly');
    });
    expect(screen.getByTestId('confirmed-at').textContent).toMatch(/^2026-11-22 12:00:\d\d$/);

    await user.type(codeField(), '5');
    expect(codeField()).toHaveValue('1234');
    await passTime(30_000);
    expect(sendButton()).toBeDisabled();
    expect(screen.queryByText(/ახალი კოდის მოთხოვნა/)).not.toBeInTheDocument();
  });

  it('pauses code entry for as long as a 429 says', async () => {
    const { user } = renderWidget({
      'POST /api/code-checking': () =>
        jsonResponse({ status: 'error', message: 'ძალიან ბევრი მცდელობა' }, 429, {
          'Retry-After': '60',
        }),
    });
    await typeValidPhone(user);
    await sendCode(user);
    await user.type(codeField(), '1111');
    expect(await screen.findByText('ძალიან ბევრი მცდელობა')).toBeInTheDocument();
    expect(codeField()).toHaveAttribute('readonly');
    expect(
      screen.getByText('კოდის ხელახლა შეყვანა შესაძლებელი იქნება 60 წამში'),
    ).toBeInTheDocument();

    await passTime(60_000);
    expect(codeField()).not.toHaveAttribute('readonly');
  });
});

describe('phone verification: changing the number', () => {
  it('starts over: no confirmation, an empty closed code field and a new check', async () => {
    const { user, fetchMock } = renderWidget();
    await typeValidPhone(user);
    await sendCode(user);
    await user.type(codeField(), '1234');
    await waitFor(() => {
      expect(screen.getByTestId('confirmed-at')).not.toBeEmptyDOMElement();
    });

    await user.type(phoneField(), '{Backspace}');
    expect(screen.getByTestId('confirmed-at')).toBeEmptyDOMElement();
    expect(codeField()).toBeDisabled();
    expect(codeField()).toHaveValue('');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(sendButton()).toBeDisabled();

    await user.type(phoneField(), '7');
    await waitFor(() => {
      expect(bodiesSentTo(fetchMock, 'POST /api/phone-checking')).toHaveLength(2);
    });
    expect(bodiesSentTo(fetchMock, 'POST /api/phone-checking')[1]).toEqual({ phone: '599123457' });
  });
});

describe('phone verification: keystrokes that leave the number as it is', () => {
  it('keep the confirmation', async () => {
    const { user, fetchMock } = renderWidget();
    await typeValidPhone(user);
    await sendCode(user);
    await user.type(codeField(), '1234');
    await waitFor(() => {
      expect(codeField()).toHaveAttribute('readonly');
    });
    await user.type(phoneField(), 'x');
    expect(phoneField()).toHaveValue('599123456');
    expect(screen.getByTestId('confirmed-at')).not.toBeEmptyDOMElement();
    expect(codeField()).toHaveValue('1234');
    expect(bodiesSentTo(fetchMock, 'POST /api/phone-checking')).toHaveLength(1);
  });
});

describe('phone verification for a password restore', () => {
  it('needs a registered number and sends and checks restore codes', async () => {
    const { user, fetchMock } = renderWidget(
      { 'POST /api/phone-checking-exists': ok },
      'restore_password',
    );
    await typeValidPhone(user);
    await sendCode(user);
    await user.type(codeField(), '1234');
    await waitFor(() => {
      expect(codeField()).toHaveAttribute('readonly');
    });
    expect(bodiesSentTo(fetchMock, 'POST /api/phone-checking')).toEqual([]);
    expect(bodiesSentTo(fetchMock, 'POST /api/phone-checking-exists')).toEqual([
      { phone: '599123456' },
    ]);
    expect(bodiesSentTo(fetchMock, 'POST /api/code-sending')).toEqual([
      { phone: '599123456', purpose: 'restore_password' },
    ]);
    expect(bodiesSentTo(fetchMock, 'POST /api/code-checking')).toEqual([
      { phone: '599123456', code: '1234', purpose: 'restore_password' },
    ]);
  });
});
