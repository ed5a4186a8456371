import { loanEditSave } from '@sesxi/contract';
import { sendLoanForm, type LoanUpload } from './loan-form-data';

/** `POST /api/loan-edit/{id}`: the application's new values (and statement, if one is chosen). */
export async function saveLoanEdit(id: number, upload: LoanUpload): Promise<number> {
  await sendLoanForm(loanEditSave, upload, { id });
  return id;
}
