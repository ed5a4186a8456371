import { defineEndpoint, contactMain, success } from '@sesxi/contract';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { contactFixture, customerFixture, jsonResponse, mockFetch } from '../../test/api-fixtures';
import { setLocale } from '../i18n/i18n';
import { session } from '../session/session';
import { apiRequest, setUnauthorizedHandler } from './api-client';
import { ApiError, NetworkError } from './api-error';

const saveThing = defineEndpoint({
  method: 'POST',
  path: '/api/things/:id',
  body: z.object({ amount: z.number() }),
  query: z.object({ page: z.number().optional() }),
  response: success({ id: z.number() }),
});

function headersOf(fetchMock: ReturnType<typeof mockFetch>): Headers {
  const init = fetchMock.mock.calls[0]?.[1];
  return new Headers(init?.headers);
}

describe('apiRequest', () => {
  it('sends X-Requested-With and the language on every call, no bearer when signed out', async () => {
    const fetchMock = mockFetch(() => jsonResponse(contactFixture));
    await apiRequest(contactMain);
    const headers = headersOf(fetchMock);
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('Accept-Language')).toBe('ka');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('sends the bearer token when signed in', async () => {
    session.set(customerFixture);
    const fetchMock = mockFetch(() => jsonResponse(contactFixture));
    await apiRequest(contactMain);
    expect(headersOf(fetchMock).get('Authorization')).toBe('Bearer token-abc');
  });

  it('asks for the language the visitor chose', async () => {
    await setLocale('en');
    const fetchMock = mockFetch(() => jsonResponse(contactFixture));
    await apiRequest(contactMain);
    await setLocale('ka');
    expect(headersOf(fetchMock).get('Accept-Language')).toBe('en');
  });

  it('returns the parsed answer', async () => {
    mockFetch(() => jsonResponse(contactFixture));
    const contact = await apiRequest(contactMain);
    expect(contact.branches).toHaveLength(3);
  });

  it('fills path parameters and the query, and sends JSON', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ status: 'success', id: 7 }));
    const answer = await apiRequest(saveThing, {
      params: { id: 'a b' },
      query: { page: 2 },
      body: { amount: 1234.5 },
    });
    expect(answer.id).toBe(7);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/things/a%20b?page=2');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"amount":1234.5}');
    expect(headersOf(fetchMock).get('Content-Type')).toBe('application/json');
  });

  it('renews the local session expiry after an authenticated success', async () => {
    const start = Date.now();
    session.set(customerFixture);
    localStorage.setItem('user', JSON.stringify({ ...session.get(), expireMinutes: start + 1000 }));
    session.reload();
    mockFetch(() => jsonResponse(contactFixture));
    await apiRequest(contactMain);
    expect(session.get()?.expireMinutes).toBeGreaterThanOrEqual(start + 30 * 60 * 1000);
  });

  it('turns an error envelope into an ApiError with its field errors', async () => {
    mockFetch(() =>
      jsonResponse(
        {
          status: 'error',
          message: 'გთხოვთ, გაასწოროთ მონიშნული ველები',
          amount: ['ძალიან დიდია'],
        },
        422,
      ),
    );
    const error = await apiRequest(saveThing, { params: { id: 1 }, body: { amount: 1 } }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      httpStatus: 422,
      message: 'გთხოვთ, გაასწოროთ მონიშნული ველები',
      fieldErrors: { amount: ['ძალიან დიდია'] },
    });
  });

  it('treats a non-success status in a 200 answer as an error', async () => {
    mockFetch(() => jsonResponse({ status: 'error', message: 'x', code: ['არასწორი კოდი'] }));
    await expect(
      apiRequest(saveThing, { params: { id: 1 }, body: { amount: 1 } }),
    ).rejects.toMatchObject({ httpStatus: 200, fieldErrors: { code: ['არასწორი კოდი'] } });
  });

  it('reads Retry-After on 429', async () => {
    mockFetch(() =>
      jsonResponse({ status: 'error', message: 'ძალიან ბევრი მცდელობა' }, 429, {
        'Retry-After': '15',
      }),
    );
    await expect(apiRequest(contactMain)).rejects.toMatchObject({
      httpStatus: 429,
      retryAfterSeconds: 15,
    });
  });

  it('uses a generic message when the answer is not JSON', async () => {
    mockFetch(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    await expect(apiRequest(contactMain)).rejects.toMatchObject({
      httpStatus: 502,
      message: 'მოხდა შეცდომა, გთხოვთ, სცადოთ მოგვიანებით.',
    });
  });

  it('resets the session and goes to /login on 401', async () => {
    const goToLogin = vi.fn();
    setUnauthorizedHandler(goToLogin);
    session.set(customerFixture);
    mockFetch(() => jsonResponse({ status: 'error', message: 'გთხოვთ, გაიაროთ ავტორიზაცია' }, 401));
    await expect(apiRequest(contactMain)).rejects.toBeInstanceOf(ApiError);
    expect(session.get()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(goToLogin).toHaveBeenCalledOnce();
  });

  it('reports a failed connection as a NetworkError in Georgian', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await apiRequest(contactMain).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toHaveProperty(
      'message',
      'სერვერთან კავშირი ვერ დამყარდა. გთხოვთ, შეამოწმოთ ინტერნეტთან კავშირი და სცადოთ ხელახლა.',
    );
  });

  it('lets an aborted request stay an abort', async () => {
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new DOMException('Aborted', 'AbortError'))),
    );
    await expect(apiRequest(contactMain, { signal: controller.signal })).rejects.toHaveProperty(
      'name',
      'AbortError',
    );
  });

  it('fails loudly in development when a success answer breaks the contract', async () => {
    mockFetch(() => jsonResponse({ status: 'success', branches: 'none' }));
    await expect(apiRequest(contactMain)).rejects.toThrow(/outside its contract/);
  });
});
