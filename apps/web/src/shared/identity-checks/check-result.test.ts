import { describe, expect, it } from 'vitest';
import { formatSimilarity, rejectReasonOf, similarityOrRawText } from './check-result';

describe('the provider’s result', () => {
  it.each([
    [0.9027, '90,3%'],
    [0.41, '41%'],
    [1, '100%'],
    ['0.955', '95,5%'],
  ])('writes the similarity %j as %j, as Georgians do', (similarity, text) => {
    expect(formatSimilarity({ similarity })).toBe(text);
  });

  it.each([{}, { similarity: null }, { similarity: 'high' }])(
    'has no similarity in %j, so the table shows the raw text',
    (result) => {
      expect(formatSimilarity(result)).toBeNull();
      expect(similarityOrRawText(result)).toBe(JSON.stringify(result));
    },
  );

  it.each([
    [
      { value: 'face_mismatch', description: 'Face does not match' },
      'Face does not match (face_mismatch)',
    ],
    [{ value: 'face_mismatch' }, 'face_mismatch'],
    ['expired document', 'expired document'],
    [null, null],
    ['', null],
  ])('reads the reject reason %j as %j', (reject_reason, text) => {
    expect(rejectReasonOf({ reject_reason })).toBe(text);
  });
});
