import { screen, waitFor, within } from '@testing-library/react';
import type { CustomerDocument } from '@sesxi/contract';
import { describe, expect, it, vi } from 'vitest';
import { customerFixture, jsonResponse, requestsTo, type ApiAnswer } from '../../test/api-fixtures';
import { renderApp } from '../../test/render-app';
import { session } from '../../shared/session/session';

const signedSha256 = '4d1f0c9a7b3e2d8f6a5c4b3a29180716f5e4d3c2b1a0f9e8d7c6b5a493827160';

const documents: CustomerDocument[] = [
  {
    kind: 'signed_contract',
    title: 'ხელმოწერილი ხელშეკრულება SX-2026-000007',
    created_at: '2026-11-27 12:10:05',
    sha256: signedSha256,
    url: '/api/documents/12',
    loan_id: 7,
    superseded: false,
  },
  {
    kind: 'contract',
    title: 'ხელშეკრულება SX-2026-000007',
    created_at: '2026-11-27 11:58:40',
    sha256: '9c'.repeat(32),
    url: '/api/documents/11',
    loan_id: 7,
    superseded: true,
  },
  {
    kind: 'consent',
    title: 'თანხმობა საკრედიტო ინფორმაციის გადამოწმებაზე (ვერსია 1)',
    created_at: '2026-11-20 10:00:00',
    sha256: '5e'.repeat(32),
    url: '/api/documents/3',
    loan_id: null,
    superseded: false,
  },
];

function renderDocuments(answer: ApiAnswer = () => jsonResponse({ status: 'success', documents })) {
  session.set(customerFixture);
  return renderApp('/documents', { 'GET /api/documents': answer });
}

const cards = async () =>
  within(await screen.findByRole('list', { name: 'ჩემი დოკუმენტები' })).getAllByRole('listitem');

describe('/documents', () => {
  it('lists each document with its type, date and short SHA-256, newest first', async () => {
    renderDocuments();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ჩემი დოკუმენტები' }),
    ).toBeInTheDocument();
    const [signed, replaced, consent] = (await cards()) as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(signed).getByText('ხელმოწერილი ხელშეკრულება SX-2026-000007')).toBeVisible();
    const fields = within(signed)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(fields.slice(0, 2)).toEqual([
      ['ტიპი', 'ხელმოწერილი ხელშეკრულება'],
      ['თარიღი', '27.11.2026 12:10'],
    ]);
    expect(within(signed).getByText('4d1f0c9a7b3e…')).toBeVisible();
    expect(within(replaced).getByText('ჩანაცვლებულია ახალი ვერსიით')).toBeVisible();
    expect(within(signed).queryByText('ჩანაცვლებულია ახალი ვერსიით')).toBeNull();
    expect(within(consent).getByText('თანხმობა')).toBeVisible();
  });

  it('shows the whole SHA-256 on request, to compare with a file’s', async () => {
    const { user } = renderDocuments();
    const [signed] = (await cards()) as [HTMLElement];
    const full = within(signed).getByText(signedSha256);
    expect(full).not.toBeVisible();
    await user.click(within(signed).getByText('4d1f0c9a7b3e…'));
    expect(full).toBeVisible();
  });

  it('downloads a document behind the session, each button naming its document', async () => {
    const createObjectURL = vi.fn(() => 'blob:document');
    class DownloadingUrl extends URL {
      static override createObjectURL = createObjectURL;
      static override revokeObjectURL = vi.fn();
    }
    vi.stubGlobal('URL', DownloadingUrl);
    session.set(customerFixture);
    const { user, fetchMock } = renderApp('/documents', {
      'GET /api/documents': () => jsonResponse({ status: 'success', documents }),
      'GET /api/documents/12': () =>
        new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    await user.click(
      await screen.findByRole('button', {
        name: 'ჩამოტვირთვა: ხელმოწერილი ხელშეკრულება SX-2026-000007',
      }),
    );
    await waitFor(() => {
      expect(createObjectURL).toHaveBeenCalledTimes(1);
    });
    const [request] = requestsTo(fetchMock, 'GET /api/documents/12');
    expect(request?.headers.get('Authorization')).toBe('Bearer token-abc');
  });

  it('says why a download failed, in the server’s words', async () => {
    session.set(customerFixture);
    const { user } = renderApp('/documents', {
      'GET /api/documents': () => jsonResponse({ status: 'success', documents }),
      'GET /api/documents/3': () =>
        jsonResponse({ status: 'error', message: 'ფაილი ვერ მოიძებნა' }, 404),
    });
    await user.click(
      await screen.findByRole('button', {
        name: 'ჩამოტვირთვა: თანხმობა საკრედიტო ინფორმაციის გადამოწმებაზე (ვერსია 1)',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('ფაილი ვერ მოიძებნა');
  });

  it('says when there are no documents yet', async () => {
    renderDocuments(() => jsonResponse({ status: 'success', documents: [] }));
    expect(await screen.findByText('თქვენ ჯერ არ გაქვთ დოკუმენტები.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'ჩემი დოკუმენტები' })).not.toBeInTheDocument();
  });

  it('is reached from the account menu', async () => {
    session.set(customerFixture);
    const { user, router } = renderApp('/main', {
      'GET /api/documents': () => jsonResponse({ status: 'success', documents }),
    });
    await user.click(
      within(await screen.findByRole('banner')).getByRole('button', { name: 'ნინო კაპანაძე' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'ჩემი დოკუმენტები' }));
    expect(await cards()).toHaveLength(3);
    expect(router.state.location.pathname).toBe('/documents');
  });
});
