import { loanCreate } from '@sesxi/contract';
import { sendLoanForm, type LoanUpload } from './loan-form-data';

/** `POST /api/loans`: a new draft application; answers its id. */
export async function createLoan(upload: LoanUpload): Promise<number> {
  return (await sendLoanForm(loanCreate, upload)).id;
}
