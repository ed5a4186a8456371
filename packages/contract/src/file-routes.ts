import { access, defineFileRoute } from './access.ts';
import { contentImagePath } from './content.ts';
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
};
