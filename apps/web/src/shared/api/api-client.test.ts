import { defineEndpoint, contactMain, success } from '@sesxi/contract';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  contactFixture,
  customerFixture,
  formDataSentTo,
  jsonResponse,
  mockFetch,
} from '../../test/api-fixtures';
import { setLocale } from '../i18n/i18n';
import { session } from '../session/session';
import { FakeXMLHttpRequest, mockXhr } from '../../test/xhr-fixtures';
import {
  apiRequest,
  apiUpload,
  setPasswordChangeHandler,
  setUnauthorizedHandler,
} from './api-client';
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

  it('marks the session and goes to /change-password when a temporary password must go first', async () => {
    const goToChange = vi.fn();
    setPasswordChangeHandler(goToChange);
    session.set(customerFixture);
    const message = 'გთხოვთ, ჯერ შეცვალოთ დროებითი პაროლი';
    mockFetch(() =>
      jsonResponse({ status: 'error', message, password_change_required: true }, 403),
    );
    await expect(apiRequest(contactMain)).rejects.toMatchObject({ httpStatus: 403, message });
    expect(session.get()).toMatchObject({ apiToken: 'token-abc', must_change_password: true });
    expect(goToChange).toHaveBeenCalledOnce();

    mockFetch(() => jsonResponse({ status: 'error', message: 'სხვა აკრძალვა' }, 403));
    await expect(apiRequest(contactMain)).rejects.toBeInstanceOf(ApiError);
    expect(goToChange).toHaveBeenCalledOnce();
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

const uploadThing = defineEndpoint({
  method: 'POST',
  path: '/api/uploads/:id',
  response: success({ id: z.number() }),
});

function form(): FormData {
  const body = new FormData();
  body.append('amount', JSON.stringify(1500));
  body.append('file', new File(['%PDF-1.7'], 'ამონაწერი.pdf', { type: 'application/pdf' }));
  return body;
}

describe('apiUpload', () => {
  it('sends the multipart body with the same headers and reports progress', async () => {
    session.set(customerFixture);
    const sent = mockXhr();
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = mockFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const progress: number[] = [];
    const body = form();
    const upload = apiUpload(uploadThing, {
      params: { id: 7 },
      body,
      onProgress: (share) => progress.push(share),
    });
    const request = sent[0] ?? new FakeXMLHttpRequest();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/uploads/7');
    expect(request.headers.get('Authorization')).toBe('Bearer token-abc');
    expect(request.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(request.headers.get('Accept-Language')).toBe('ka');
    // The browser writes the multipart type with its boundary.
    expect(request.headers.has('Content-Type')).toBe(false);
    expect(formDataSentTo(fetchMock, 'POST /api/uploads/7')).toEqual([body]);

    request.reportProgress(25, 100);
    request.reportProgress(100, 100);
    answer(jsonResponse({ status: 'success', id: 9 }));
    await expect(upload).resolves.toEqual({ status: 'success', id: 9 });
    expect(progress).toEqual([0.25, 1]);
  });

  it('turns field errors into an ApiError, as apiRequest does', async () => {
    mockXhr();
    mockFetch(() => jsonResponse({ status: 'error', message: 'x', file: ['ფაილი დიდია'] }, 413));
    await expect(apiUpload(uploadThing, { params: { id: 1 }, body: form() })).rejects.toMatchObject(
      { name: 'ApiError', httpStatus: 413, fieldErrors: { file: ['ფაილი დიდია'] } },
    );
  });

  it('reads Retry-After and keeps the answer’s extra fields', async () => {
    mockXhr();
    mockFetch(() =>
      jsonResponse({ status: 'error', message: 'ღია განაცხადი', loan_id: 4 }, 429, {
        'Retry-After': '30',
      }),
    );
    await expect(apiUpload(uploadThing, { params: { id: 1 }, body: form() })).rejects.toMatchObject(
      { retryAfterSeconds: 30, body: { loan_id: 4 } },
    );
  });

  it('resets the session and goes to /login on 401', async () => {
    const goToLogin = vi.fn();
    setUnauthorizedHandler(goToLogin);
    session.set(customerFixture);
    mockXhr();
    mockFetch(() => jsonResponse({ status: 'error', message: 'გთხოვთ, გაიაროთ ავტორიზაცია' }, 401));
    await expect(
      apiUpload(uploadThing, { params: { id: 1 }, body: form() }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(session.get()).toBeNull();
    expect(goToLogin).toHaveBeenCalledOnce();
  });

  it('reports no answer as a NetworkError in Georgian', async () => {
    mockXhr();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await apiUpload(uploadThing, { params: { id: 1 }, body: form() }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toHaveProperty(
      'message',
      'სერვერთან კავშირი ვერ დამყარდა. გთხოვთ, შეამოწმოთ ინტერნეტთან კავშირი და სცადოთ ხელახლა.',
    );
  });

  it('stops sending when aborted', async () => {
    const sent = mockXhr();
    mockFetch(() => new Promise<Response>(() => undefined));
    const controller = new AbortController();
    const upload = apiUpload(uploadThing, {
      params: { id: 1 },
      body: form(),
      signal: controller.signal,
    });
    controller.abort();
    await expect(upload).rejects.toHaveProperty('name', 'AbortError');
    expect(sent).toHaveLength(1);
  });
});
