import { defineEndpoint, statusOnly } from '@sesxi/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse, mockFetch } from '../../test/api-fixtures';
import { apiRequest } from './api-client';
import { ApiError, NetworkError } from './api-error';
import { applyFieldErrors, useApiForm } from './api-form';

const login = defineEndpoint({
  method: 'POST',
  path: '/api/login',
  body: z.object({ phone: z.string(), password: z.string() }),
  response: statusOnly,
});

function LoginForm() {
  const { form, submit, formError } = useApiForm<{ phone: string; password: string }>({
    defaultValues: { phone: '', password: '' },
    onSubmit: (values) => apiRequest(login, { body: values }),
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={(event) => void submit(event)}>
      <label htmlFor="phone">ტელეფონის ნომერი</label>
      <input id="phone" {...form.register('phone')} />
      {errors.phone && <p>{errors.phone.message}</p>}
      <label htmlFor="password">პაროლი</label>
      <input id="password" type="password" {...form.register('password')} />
      {errors.password && <p>{errors.password.message}</p>}
      {formError && <p role="alert">{formError}</p>}
      <button type="submit">შესვლა</button>
    </form>
  );
}

describe('useApiForm', () => {
  it('shows each field error under the field of the same name and focuses the first', async () => {
    mockFetch(() =>
      jsonResponse(
        {
          status: 'error',
          message: 'გთხოვთ, გაასწოროთ მონიშნული ველები',
          phone: ['ნომერი არასწორია'],
          password: ['პაროლი არასწორია', 'სცადეთ ხელახლა'],
        },
        422,
      ),
    );
    render(<LoginForm />);
    await userEvent.click(screen.getByRole('button', { name: 'შესვლა' }));
    expect(await screen.findByText('ნომერი არასწორია')).toBeInTheDocument();
    expect(screen.getByText('პაროლი არასწორია სცადეთ ხელახლა')).toBeInTheDocument();
    expect(screen.getByLabelText('ტელეფონის ნომერი')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows errors for fields the form lacks as its own message, and can submit again', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(
        { status: 'error', message: 'გთხოვთ, გაასწოროთ მონიშნული ველები', token: ['ვადა გაუვიდა'] },
        422,
      ),
    );
    render(<LoginForm />);
    await userEvent.click(screen.getByRole('button', { name: 'შესვლა' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ვადა გაუვიდა');
    await userEvent.click(screen.getByRole('button', { name: 'შესვლა' }));
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });
  });

  it('shows an error without fields as the form’s own message', async () => {
    mockFetch(() =>
      jsonResponse({ status: 'error', message: 'სერვისთან დაკავშირება ვერ ხერხდება' }, 503),
    );
    render(<LoginForm />);
    await userEvent.click(screen.getByRole('button', { name: 'შესვლა' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'სერვისთან დაკავშირება ვერ ხერხდება',
    );
  });
});

describe('applyFieldErrors', () => {
  it('maps field errors onto setError', () => {
    const setError = vi.fn();
    applyFieldErrors(
      new ApiError(422, { status: 'error', message: 'x', phone: ['a', 'b'] }, ''),
      setError,
    );
    expect(setError).toHaveBeenCalledWith(
      'phone',
      { type: 'server', message: 'a b' },
      { shouldFocus: true },
    );
  });

  it('with the form’s fields, puts errors for other names on the form itself', () => {
    const setError = vi.fn();
    applyFieldErrors(
      new ApiError(422, { status: 'error', message: 'x', phone: ['a'], sso_token: ['b', 'c'] }, ''),
      setError,
      ['phone', 'password'],
    );
    expect(setError).toHaveBeenCalledTimes(2);
    expect(setError).toHaveBeenCalledWith(
      'phone',
      { type: 'server', message: 'a' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenCalledWith('root.server', { type: 'server', message: 'b c' });
  });

  it('puts a network failure on the form', () => {
    const setError = vi.fn();
    applyFieldErrors(new NetworkError('კავშირი ვერ დამყარდა'), setError);
    expect(setError).toHaveBeenCalledWith('root.server', {
      type: 'network',
      message: 'კავშირი ვერ დამყარდა',
    });
  });

  it('throws anything else again', () => {
    expect(() => {
      applyFieldErrors(new RangeError('bug'), vi.fn());
    }).toThrow('bug');
  });
});
