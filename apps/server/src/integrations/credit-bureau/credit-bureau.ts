import type { CreditReport } from '@sesxi/contract';

/** What the bureau is asked: whose report, under which consent. */
export interface CreditReportRequest {
  /** Eleven digits. */
  personalNumber: string;
  /** The customer's consent to this enquiry (Creditinfo keeps its reference with the request). */
  consent: { id: number; agreedAt: Date };
  /** The monthly salary the customer declared, GEL: the sandbox shapes its report on it. */
  declaredSalary: number;
}

/**
 * The credit bureau (Creditinfo Georgia): the HTTP client of our own JSON contract in
 * production, the rules of sandbox.md otherwise. Throws ServiceUnavailableError
 * ('credit_bureau') when the bureau cannot be reached, times out or answers in another shape.
 */
export interface CreditBureau {
  report(request: CreditReportRequest): Promise<CreditReport>;
}
