import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/api-fixtures';
import { session } from '../session/session';
import { customerFixture } from '../../test/api-fixtures';
import { apiDownload, fileNameOf } from './api-client';
import { ApiError } from './api-error';

describe('apiDownload', () => {
  it('sends the token in the Authorization header, never in the address', async () => {
    session.set(customerFixture);
    const fetchMock = mockFetch(
      () =>
        new Response('%PDF-1.4', {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition':
              'attachment; filename="_______.pdf"; filename*=UTF-8\'\'%E1%83%90%E1%83%9B.pdf',
          },
        }),
    );
    const file = await apiDownload('/api/applications/:id/bank-statement', { params: { id: 7 } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/applications/7/bank-statement');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-abc');
    expect(file.fileName).toBe('ამ.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.4');
  });

  it('throws the server’s error', async () => {
    mockFetch(
      () =>
        new Response(JSON.stringify({ status: 'error', message: 'ვერ მოიძებნა' }), {
          status: 404,
        }),
    );
    await expect(apiDownload('/api/x')).rejects.toEqual(expect.any(ApiError));
  });
});

describe('fileNameOf', () => {
  it('prefers the encoded name, then the plain one, then the fallback', () => {
    expect(fileNameOf("attachment; filename*=UTF-8''a%20b.pdf", 'x')).toBe('a b.pdf');
    expect(fileNameOf('attachment; filename="plain.pdf"', 'x')).toBe('plain.pdf');
    expect(fileNameOf(null, 'x')).toBe('x');
  });
});
