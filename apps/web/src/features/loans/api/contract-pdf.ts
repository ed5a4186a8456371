import { apiDownload } from '../../../shared/api/api-client';

/** The contract's current document: the signed one once signed. */
const contractPdfPath = '/api/loans/:id/contract.pdf';

/** `GET /api/loans/{id}/contract.pdf`, behind the session. */
export function downloadContractPdf(loanId: number, contractNumber: string) {
  return apiDownload(contractPdfPath, {
    params: { id: loanId },
    fallbackName: `${contractNumber}.pdf`,
  });
}
