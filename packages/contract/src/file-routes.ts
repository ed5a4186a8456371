import { access, defineFileRoute } from './access.ts';
import { contentImagePath } from './content.ts';
import { contractPdfPath, documentPath } from './contracts.ts';
import { applicationBankStatementPath } from './decisions.ts';

/** The API's routes that answer a file rather than JSON, with who may ask for them. */
export const fileRoutes = {
  /** The application's bank statement, for credit officers. */
  applicationBankStatement: defineFileRoute({
    method: 'GET',
    path: applicationBankStatementPath,
    access: access.staff('credit_officer'),
    description: "The application's bank statement, as an attachment of its sniffed type.",
  }),
  /**
   * A content image: anyone may read a published one; a content editor (asked by the route
   * itself) an unpublished one too.
   */
  contentImage: defineFileRoute({
    method: 'GET',
    path: `${contentImagePath}:id`,
    access: access.public,
    description: 'A content image: JPEG, PNG or WebP.',
  }),
  /** The contract the customer would sign now (PDF), or the signed one once signed: its owner's. */
  contractPdf: defineFileRoute({
    method: 'GET',
    path: contractPdfPath,
    access: access.onboarded,
    description:
      "The application's current contract (the signed one once signed), as a PDF attachment whose SHA-256 the contract states.",
  }),
  /**
   * One of a customer's documents: its owner's, and any credit officer's (the route asks which,
   * and writes an officer's download to the access log).
   */
  document: defineFileRoute({
    method: 'GET',
    path: documentPath,
    access: access.signedIn,
    description: "A customer's document (PDF attachment): its owner's, or a credit officer's.",
  }),
};
