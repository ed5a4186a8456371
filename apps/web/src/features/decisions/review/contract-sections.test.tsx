import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, requestsTo, type ApiAnswer } from '../../../test/api-fixtures';
import { renderApp } from '../../../test/render-app';
import { session } from '../../../shared/session/session';
import { officerFixture, paperworkFixture, reviewFixture } from '../test-fixtures';

const signedSha256 = '4d1f0c9a7b3e2d8f6a5c4b3a29180716f5e4d3c2b1a0f9e8d7c6b5a493827160';
const originalSha256 = '9c'.repeat(32);

const signedPaperwork = paperworkFixture({
  identity_check_passed: true,
  documents: [
    {
      kind: 'signed_contract',
      title: 'ხელმოწერილი ხელშეკრულება №SX-2026-000041',
      created_at: '2026-11-27 12:10:05',
      sha256: signedSha256,
      url: '/api/documents/12',
      loan_id: 41,
      superseded: false,
    },
    {
      kind: 'consent',
      title: 'თანხმობა საკრედიტო ბიუროს შემოწმებაზე, ვერსია 2',
      created_at: '2026-11-20 10:00:00',
      sha256: '5e'.repeat(32),
      url: '/api/documents/3',
      loan_id: 41,
      superseded: false,
    },
  ],
  signatures: [
    {
      document_sha256: originalSha256,
      code_id: 907,
      phone: '555123411',
      personal_number: '01001011011',
      ip: '203.0.113.7',
      user_agent: 'Mozilla/5.0 (Linux; Android 14)',
      signed_at: '2026-11-27 12:10:05',
    },
  ],
  payout: {
    state: 'paid',
    bank_reference: 'SBX-7F3A21',
    paid_at: '2026-11-27 12:10:09',
    attempts: 1,
    refusal_reason: null,
  },
});

function openReview(answers: Record<string, ApiAnswer>) {
  session.set(officerFixture);
  return renderApp('/applications/41', {
    'GET /api/applications/41': () => jsonResponse(reviewFixture()),
    'GET /api/rejection-reasons': () => jsonResponse({ status: 'success', reasons: [] }),
    ...answers,
  });
}

const contractSection = () => screen.findByRole('region', { name: 'ხელშეკრულება და დოკუმენტები' });

/** The section's label–value pairs, as a description list has them. */
const fieldsOf = (element: HTMLElement) =>
  Object.fromEntries(
    within(element)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

describe('the review’s contract section', () => {
  it('shows the signature’s evidence, the payout with its bank reference and the identity check', async () => {
    openReview({
      'GET /api/applications/41/contract': () => jsonResponse(signedPaperwork),
    });
    const section = await contractSection();
    expect(await within(section).findByText('გავლილია')).toBeVisible();
    const evidence = within(section).getByRole('region', { name: 'ხელმოწერის მტკიცებულება' });
    expect(fieldsOf(evidence)).toEqual({
      'ხელმოწერის დრო': '27.11.2026 12:10',
      'ხელმოწერილი დოკუმენტის SHA-256': originalSha256,
      'კოდის ნომერი': '907',
      'ტელეფონი, რომელზეც კოდი გაიგზავნა': '555123411',
      'პირადი ნომერი (SSO)': '01001011011',
      'IP მისამართი': '203.0.113.7',
      'ბრაუზერი (user agent)': 'Mozilla/5.0 (Linux; Android 14)',
    });
    const payout = within(section).getByRole('region', { name: 'ჩარიცხვა' });
    expect(fieldsOf(payout)).toEqual({
      'ჩარიცხვის მდგომარეობა': 'ჩარიცხულია',
      'ბანკის გადარიცხვის ნომერი': 'SBX-7F3A21',
      'ჩარიცხვის დრო': '27.11.2026 12:10',
      'ბანკთან მიმართვების რაოდენობა': '1',
    });
  });

  it('lists the documents under their headers, each downloaded through the logged route', async () => {
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = vi.fn(() => 'blob:document');
        static override revokeObjectURL = vi.fn();
      },
    );
    const { user, fetchMock } = openReview({
      'GET /api/applications/41/contract': () => jsonResponse(signedPaperwork),
      'GET /api/documents/12': () =>
        new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const table = await within(await contractSection()).findByRole('table', {
      name: 'განაცხადის დოკუმენტები',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['დოკუმენტი', 'თარიღი', 'ფაილის SHA-256', 'ფაილი']);
    expect(within(table).getByRole('rowheader', { name: /ვერსია 2$/ })).toBeVisible();
    expect(within(table).getByText(signedSha256)).toBeVisible();
    await user.click(
      within(table).getByRole('button', {
        name: 'ჩამოტვირთვა: ხელმოწერილი ხელშეკრულება №SX-2026-000041',
      }),
    );
    await waitFor(() => {
      expect(requestsTo(fetchMock, 'GET /api/documents/12')).toHaveLength(1);
    });
    expect(requestsTo(fetchMock, 'GET /api/documents/12')[0]?.headers.get('Authorization')).toBe(
      'Bearer token-officer',
    );
  });

  it('says what is missing before a signature, and shows a withdrawal', async () => {
    openReview({
      'GET /api/applications/41/contract': () =>
        jsonResponse(
          paperworkFixture({
            withdrawal: {
              state: 'withdrawn',
              amount_due: 0,
              due_date: null,
              withdrawn_at: '2026-11-28 09:00:00',
            },
          }),
        ),
    });
    const section = await contractSection();
    expect(await within(section).findByText('არ არის გავლილი')).toBeVisible();
    expect(within(section).getByText('განაცხადს ჯერ არ აქვს დოკუმენტები.')).toBeVisible();
    expect(within(section).getByText('ხელშეკრულება ჯერ არ არის ხელმოწერილი.')).toBeVisible();
    expect(within(section).getByText('თანხის ჩარიცხვა ჯერ არ მოთხოვნილა.')).toBeVisible();
    expect(within(section).getByText('უარი ჩარიცხვამდე: სესხი არ გაიცა')).toBeVisible();
  });
});
