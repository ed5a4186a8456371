import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repository = path.resolve(import.meta.dirname, '../../..');

/**
 * The repository's own ESLint config, running only the import rule: typed linting would need
 * a TypeScript program, which a file that exists only in this test is not part of.
 */
const eslint = new ESLint({
  cwd: repository,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

/** Lints `code` as if it were the file at `file` (under apps/server/src); the rule's messages. */
async function importErrors(file: string, code: string): Promise<string[]> {
  const results = await eslint.lintText(code, {
    filePath: path.join(repository, 'apps/server/src', file),
  });
  return results.flatMap((result) => result.messages.map((message) => message.message));
}

describe('the server’s import boundaries', () => {
  // ESLint with type information loads the whole program: slow on a busy machine.
  it('has modules import each other as #app/..., never with ../', async () => {
    expect(
      await importErrors(
        'modules/loans/probe.ts',
        "export { quote } from '../loan-offers/quote.ts';\n" +
          "export { serviceContext } from '../service-context.ts';",
      ),
    ).toEqual([expect.stringContaining('not with ../'), expect.stringContaining('not with ../')]);
    expect(
      await importErrors(
        'modules/loans/probe.ts',
        "export { quote } from '#app/modules/loan-offers/quote.ts';\n" +
          "export { createLoanRepository } from './repository.ts';",
      ),
    ).toEqual([]);
  }, 180_000);

  it('keeps db/ below the modules (its tests may use them)', async () => {
    expect(
      await importErrors(
        'db/seed/probe.ts',
        "export { saveLoanProduct } from '#app/modules/loan-products/save-product.ts';\n" +
          "export { defaultOf } from '../../modules/loan-products/repository.ts';",
      ),
    ).toEqual([
      expect.stringContaining('db/ does not import the modules'),
      expect.stringContaining('db/ does not import the modules'),
    ]);
    expect(
      await importErrors(
        'db/probe.test.ts',
        "export { createUserRepository } from '#app/modules/users/repository.ts';",
      ),
    ).toEqual([]);
  }, 180_000);
});
