import { vi } from 'vitest';

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** Replaces `fetch`; the setup file restores it after each test. */
export function mockFetch(
  answer: (url: string, init: RequestInit) => Response | Promise<Response>,
) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return Promise.resolve(answer(url, init));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const weekdays = [
  { start_day: 1, end_day: 5, start_time: '10:00', end_time: '18:00' },
  { start_day: 6, end_day: 6, start_time: '10:00', end_time: '14:00' },
];

export const contactFixture = {
  status: 'success',
  branch: {
    id: 1,
    name: 'თბილისის ფილიალი',
    city: 'თბილისი',
    address: 'ჭავჭავაძის გამზირი 1, თბილისი',
    phone: '032 2 00 00 01',
    is_main: true,
    schedules: weekdays,
  },
  branches: [
    {
      id: 1,
      name: 'თბილისის ფილიალი',
      city: 'თბილისი',
      address: 'ჭავჭავაძის გამზირი 1, თბილისი',
      phone: '032 2 00 00 01',
      is_main: true,
      schedules: weekdays,
    },
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
};
