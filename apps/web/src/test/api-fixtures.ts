import { vi } from 'vitest';

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

/** Replaces `fetch`; the setup file restores it after each test. */
export function mockFetch(
  answer: (url: string, init: RequestInit) => Response | Promise<Response>,
) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) =>
    Promise.resolve(answer(urlOf(input), init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Answers one call: gets the JSON body sent (if any) and the query of the URL. */
export type ApiAnswer = (body: unknown, query: URLSearchParams) => Response | Promise<Response>;

/**
 * Replaces `fetch` with answers keyed by `METHOD /path`; any other call answers 599 with a
 * message naming it, so a test fails saying which call it did not expect.
 */
export function mockApi(answers: Record<string, ApiAnswer>) {
  return mockFetch((url, init) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    const key = `${init.method ?? 'GET'} ${pathname}`;
    const answer = answers[key];
    if (!answer) return jsonResponse({ status: 'error', message: `unexpected ${key}` }, 599);
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    return answer(body, searchParams);
  });
}

interface SentRequest {
  url: string;
  headers: Headers;
  body: unknown;
}

function callsTo(fetchMock: ReturnType<typeof mockFetch>, key: string) {
  return fetchMock.mock.calls
    .map(([input, init = {}]) => ({ url: urlOf(input), init }))
    .filter(({ url, init }) => {
      const { pathname } = new URL(url, 'http://localhost');
      return `${init.method ?? 'GET'} ${pathname}` === key;
    });
}

/** The calls made to `METHOD /path`, in order. */
export function requestsTo(fetchMock: ReturnType<typeof mockFetch>, key: string): SentRequest[] {
  return callsTo(fetchMock, key).map(({ url, init }) => ({
    url,
    headers: new Headers(init.headers),
    body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  }));
}

/** The multipart bodies sent to `METHOD /path`, in order. */
export function formDataSentTo(fetchMock: ReturnType<typeof mockFetch>, key: string): FormData[] {
  return callsTo(fetchMock, key)
    .map(({ init }) => init.body)
    .filter((body): body is FormData => body instanceof FormData);
}

/** The JSON bodies sent to `METHOD /path`, in order. */
export function bodiesSentTo(fetchMock: ReturnType<typeof mockFetch>, key: string): unknown[] {
  return requestsTo(fetchMock, key).map((request) => request.body);
}

export const ok = () => jsonResponse({ status: 'success' });

export function fieldErrors(errors: Record<string, string[]>, status = 422) {
  return jsonResponse(
    { status: 'error', message: 'გთხოვთ, გაასწოროთ მონიშნული ველები', ...errors },
    status,
  );
}

const weekdays = [
  { start_day: 1, end_day: 5, start_time: '10:00', end_time: '18:00' },
  { start_day: 6, end_day: 6, start_time: '10:00', end_time: '14:00' },
];

const mainBranch = {
  id: 1,
  name: 'თბილისის ფილიალი',
  city: 'თბილისი',
  address: 'ჭავჭავაძის გამზირი 1, თბილისი',
  phone: '032 2 00 00 01',
  is_main: true,
  schedules: weekdays,
};

export const contactFixture = {
  status: 'success',
  branch: mainBranch,
  branches: [
    mainBranch,
    {
      id: 2,
      name: 'გორის ფილიალი',
      city: 'გორი',
      address: 'სტალინის გამზირი 10, გორი',
      phone: '0370 27 00 02',
      is_main: false,
      schedules: weekdays,
    },
    {
      id: 3,
      name: 'ქუთაისის ფილიალი',
      city: 'ქუთაისი',
      address: 'რუსთაველის გამზირი 5, ქუთაისი',
      phone: '0431 24 00 03',
      is_main: false,
      schedules: weekdays,
    },
  ],
  socialMedia: {
    facebook: 'https://www.facebook.com/sesxi',
    youtube: 'https://www.youtube.com/@sesxi',
    linkedin: 'https://www.linkedin.com/company/sesxi',
  },
  hotline: '032 2 00 00 00',
  email: 'info@sesxi.ge',
};

export const customerFixture = {
  apiToken: 'token-abc',
  name: 'ნინო',
  surname: 'კაპანაძე',
  phone: '599000002',
  is_sda_verified: true,
  has_questionnaire: true,
  is_identomat_verified: true,
  isSupport: false,
  roles: [],
};
