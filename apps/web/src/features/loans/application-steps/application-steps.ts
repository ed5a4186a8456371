import { useRecordId } from '../../../shared/page/not-found';

/**
 * The application a step belongs to: the route's `:id` (the server refuses one not the
 * customer's); an id that cannot be one shows the not-found screen.
 */
export function useLoanId(): number {
  return useRecordId();
}

/**
 * The application steps after the form, each one back from the next; the contract once approved;
 * the loan's account once paid out.
 */
export const applicationSteps = {
  edit: (id: number) => `/loan-edit/${String(id)}`,
  review: (id: number) => `/questionnaire-review/${String(id)}`,
  consent: (id: number) => `/credit-info/${String(id)}`,
  identification: (id: number) => `/credit-info/${String(id)}/identification`,
  contract: (id: number) => `/loans/${String(id)}/contract`,
  account: (id: number) => `/loans/${String(id)}`,
};
