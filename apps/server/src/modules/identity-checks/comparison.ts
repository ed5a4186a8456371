import type { VerificationComparison } from '@sesxi/contract';
import type { IdentomatResult } from '#app/integrations/identomat/document-verifier.ts';
import { latinName, upperLatin } from '#app/integrations/identomat/latin-names.ts';

/** What the app knows of a customer: identity from single sign-on, the document as entered. */
export interface CustomerRecord {
  name: string;
  surname: string;
  identityNumber: string | null;
  documentNumber: string | null;
}

type Field = VerificationComparison['field'];
type Normalize = (value: string) => string;

/** Georgian compared as it is: upper-casing would make Mtavruli of it (domain-notes.md). */
const asIs: Normalize = (value) => value.trim().normalize('NFC');
/** Latin names: documents print them in capitals, some with the ejectives' apostrophes. */
const latin: Normalize = (value) =>
  value
    .toLowerCase()
    .replace(/['’ʼ`‘]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
/** Document numbers: Latin letters and digits, compared upper-cased. */
const documentNumber: Normalize = (value) => upperLatin(value.trim());

/**
 * The customer's data beside the document's, field by field, as support sees it and as the
 * verification is judged. A field the document lacks never matches.
 */
export function compareWithDocument(
  customer: CustomerRecord,
  result: IdentomatResult,
): VerificationComparison[] {
  const person = result.person ?? {};
  const row = (
    field: Field,
    source: VerificationComparison['source'],
    customerValue: string,
    documentValue: string | null | undefined,
    normalize: Normalize,
  ): VerificationComparison => ({
    field,
    source,
    customer_value: customerValue,
    document_value: documentValue ?? null,
    matches:
      documentValue !== null &&
      documentValue !== undefined &&
      normalize(documentValue) !== '' &&
      normalize(documentValue) === normalize(customerValue),
  });
  return [
    row('identity_number', 'sso', customer.identityNumber ?? '', person.personal_number, asIs),
    row('name', 'sso', customer.name, person.local_first_name, asIs),
    row('surname', 'sso', customer.surname, person.local_last_name, asIs),
    row('name_latin', 'sso', latinName(customer.name), person.first_name, latin),
    row('surname_latin', 'sso', latinName(customer.surname), person.last_name, latin),
    row(
      'document_number',
      'entered',
      customer.documentNumber ?? '',
      person.document_number,
      documentNumber,
    ),
  ];
}

/** A verification passes when the provider approved it and every field matches. */
export function isVerified(result: IdentomatResult, comparison: VerificationComparison[]): boolean {
  return result.result === 'approved' && comparison.every((row) => row.matches);
}
