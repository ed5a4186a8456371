import { describe, expect, it } from 'vitest';
import type { IdentomatResult } from '#app/integrations/identomat/document-verifier.ts';
import { latinName } from '#app/integrations/identomat/latin-names.ts';
import { compareWithDocument, isVerified, type CustomerRecord } from './comparison.ts';

const ana: CustomerRecord = {
  name: 'ანა',
  surname: 'წიკლაური',
  identityNumber: '01001000092',
  documentNumber: '13AB45678',
};

function documentOf(person: NonNullable<IdentomatResult['person']>): IdentomatResult {
  return { result: 'approved', similarity: 0.93, person };
}

const anasDocument = documentOf({
  first_name: 'ANA',
  last_name: 'TSIKLAURI',
  local_first_name: 'ანა',
  local_last_name: 'წიკლაური',
  personal_number: '01001000092',
  document_number: '13ab45678',
});

const mismatched = (comparison: ReturnType<typeof compareWithDocument>) =>
  comparison.filter((row) => !row.matches).map((row) => row.field);

describe('latinName', () => {
  it.each([
    ['გიორგი', 'giorgi'],
    ['წიკლაური', 'tsiklauri'],
    ['ჭავჭავაძე', 'chavchavadze'],
    ['ყიფიანი', 'qipiani'],
    ['ღლონტი', 'ghlonti'],
    ['ჟღენტი', 'zhghenti'],
    ['ლორთქიფანიძე-ხარაძე', 'lortkipanidze-kharadze'],
  ])('romanizes %s as %s', (georgian, latin) => {
    expect(latinName(georgian)).toBe(latin);
  });
});

describe('compareWithDocument', () => {
  it('matches every field of the customer’s own document', () => {
    const comparison = compareWithDocument(ana, anasDocument);
    expect(comparison).toEqual([
      {
        field: 'identity_number',
        source: 'sso',
        customer_value: '01001000092',
        document_value: '01001000092',
        matches: true,
      },
      { field: 'name', source: 'sso', customer_value: 'ანა', document_value: 'ანა', matches: true },
      {
        field: 'surname',
        source: 'sso',
        customer_value: 'წიკლაური',
        document_value: 'წიკლაური',
        matches: true,
      },
      {
        field: 'name_latin',
        source: 'sso',
        customer_value: 'ana',
        document_value: 'ANA',
        matches: true,
      },
      {
        field: 'surname_latin',
        source: 'sso',
        customer_value: 'tsiklauri',
        document_value: 'TSIKLAURI',
        matches: true,
      },
      {
        field: 'document_number',
        source: 'entered',
        customer_value: '13AB45678',
        document_value: '13ab45678',
        matches: true,
      },
    ]);
    expect(isVerified(anasDocument, comparison)).toBe(true);
  });

  it('ignores the apostrophes of ejectives and spacing in Latin names', () => {
    const withApostrophes = documentOf({
      ...anasDocument.person,
      last_name: " Ts'iklauri ",
    });
    expect(mismatched(compareWithDocument(ana, withApostrophes))).toEqual([]);
  });

  it('compares Georgian letters as they are: Mtavruli capitals are another spelling', () => {
    const inCapitals = documentOf({ ...anasDocument.person, local_last_name: 'ᲬᲘᲙᲚᲐᲣᲠᲘ' });
    expect(mismatched(compareWithDocument(ana, inCapitals))).toEqual(['surname']);
  });

  it('marks the surname and the document number of someone else’s document', () => {
    const other = documentOf({
      ...anasDocument.person,
      local_last_name: 'მაისურაძე',
      last_name: 'MAISURADZE',
      document_number: '13AB45677',
    });
    const comparison = compareWithDocument(ana, other);
    expect(mismatched(comparison)).toEqual(['surname', 'surname_latin', 'document_number']);
    expect(isVerified(other, comparison)).toBe(false);
  });

  it('never matches a field the document lacks', () => {
    const comparison = compareWithDocument(ana, { result: 'approved' });
    expect(comparison.every((row) => row.document_value === null && !row.matches)).toBe(true);
    const blank = documentOf({ ...anasDocument.person, document_number: '' });
    expect(mismatched(compareWithDocument({ ...ana, documentNumber: '' }, blank))).toEqual([
      'document_number',
    ]);
  });

  it('fails a verification the provider rejected, however well the data matches', () => {
    const rejected = { ...anasDocument, result: 'rejected' };
    expect(isVerified(rejected, compareWithDocument(ana, rejected))).toBe(false);
  });
});
