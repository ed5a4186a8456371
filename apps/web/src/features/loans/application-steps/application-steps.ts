import { useParams } from 'react-router';

/** The application a step belongs to: the route's `:id` (the server refuses one not the customer's). */
export function useLoanId(): number {
  return Number(useParams().id);
}

/** The application steps after the form, each one back from the next. */
export const applicationSteps = {
  edit: (id: number) => `/loan-edit/${String(id)}`,
  review: (id: number) => `/questionnaire-review/${String(id)}`,
  consent: (id: number) => `/credit-info/${String(id)}`,
  identification: (id: number) => `/credit-info/${String(id)}/identification`,
};
