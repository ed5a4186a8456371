import { loanCreate } from '@sesxi/contract';
import { describe, expect, it } from 'vitest';
import { formDataSentTo, jsonResponse, mockFetch } from '../../../test/api-fixtures';
import { mockXhr } from '../../../test/xhr-fixtures';
import { sendLoanForm } from './loan-form-data';

describe('sendLoanForm', () => {
  it('sends every non-file field as JSON text and the file raw under file', async () => {
    mockXhr();
    const fetchMock = mockFetch(() => jsonResponse({ status: 'success', id: 3 }));
    const file = new File(['%PDF-1.7'], 'ამონაწერი.pdf', { type: 'application/pdf' });
    await sendLoanForm(loanCreate, {
      payload: { amount: 1500.5, months: '12 თვე', loan_purpose_id: 2 },
      file,
      onProgress: () => undefined,
    });
    const [body] = formDataSentTo(fetchMock, 'POST /api/loans');
    expect([...(body?.entries() ?? [])]).toEqual([
      ['amount', '1500.5'],
      ['months', '"12 თვე"'],
      ['loan_purpose_id', '2'],
      ['file', file],
    ]);
  });

  it('leaves the file out when there is none', async () => {
    mockXhr();
    const fetchMock = mockFetch(() => jsonResponse({ status: 'success', id: 3 }));
    await sendLoanForm(loanCreate, {
      payload: { amount: 100, months: 3, loan_purpose_id: 1 },
      file: null,
      onProgress: () => undefined,
    });
    expect(formDataSentTo(fetchMock, 'POST /api/loans')[0]?.has('file')).toBe(false);
  });
});
