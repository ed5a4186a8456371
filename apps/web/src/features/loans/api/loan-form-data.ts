import type { Endpoint, ResponseOf } from '@sesxi/contract';
import { apiUpload } from '../../../shared/api/api-client';

/** The form's non-file fields as sent: numbers once read, the typed text when unreadable. */
export interface LoanPayload {
  amount: number | string;
  months: number | string;
  loan_purpose_id: number | string;
}

export interface LoanUpload {
  payload: LoanPayload;
  /** The bank statement; none on an edit that keeps the stored one. */
  file: File | null;
  onProgress: (sent: number) => void;
}

/**
 * Sends the loan form as the API reads it: multipart, each non-file field a JSON-encoded
 * string (`"1500"` is the text `1500`), the bank statement raw under `file`.
 */
export function sendLoanForm<E extends Endpoint>(
  endpoint: E,
  { payload, file, onProgress }: LoanUpload,
  params?: Record<string, number>,
): Promise<ResponseOf<E>> {
  const body = new FormData();
  for (const [name, value] of Object.entries(payload)) body.append(name, JSON.stringify(value));
  if (file) body.append('file', file);
  return apiUpload(endpoint, { body, params, onProgress });
}
