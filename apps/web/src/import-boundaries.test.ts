import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repository = path.resolve(import.meta.dirname, '../../..');

/**
 * The repository's own ESLint config, running only the boundary rule: typed linting would
 * need a TypeScript program, which a file that exists only in this test is not part of.
 */
const eslint = new ESLint({
  cwd: repository,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
});

/** Lints `code` as if it were the file at `file` (under apps/web/src); the rule's messages. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const results = await eslint.lintText(code, {
    filePath: path.join(repository, 'apps/web/src', file),
  });
  return results.flatMap((result) => result.messages.map((message) => message.message));
}

describe('the web app’s import boundaries', () => {
  it('keeps a feature out of another, however the path is spelled, static or lazy', async () => {
    expect(
      await boundaryErrors(
        'features/support/users/probe.ts',
        "export { logIn } from '../../accounts/api/login';",
      ),
    ).toEqual([expect.stringContaining('A feature never imports another')]);
    expect(
      await boundaryErrors(
        'features/questionnaire/probe.ts',
        "export const steps = import('../loans/application-steps/application-steps');",
      ),
    ).toEqual([expect.stringContaining('A feature never imports another')]);
  });

  it('keeps features out of the app, and shared out of both', async () => {
    expect(
      await boundaryErrors(
        'features/loans/probe.ts',
        "export { appRoutes } from '../../app/router';",
      ),
    ).toEqual([expect.stringContaining('Features do not import the app')]);
    expect(
      await boundaryErrors(
        'shared/ui/probe.ts',
        "export { logIn } from '../../features/accounts/api/login';\n" +
          "export { Providers } from '../../app/providers';",
      ),
    ).toEqual([
      expect.stringContaining('Shared code imports neither'),
      expect.stringContaining('Shared code imports neither'),
    ]);
  });

  const entryPoint = 'The app never imports an entry point';
  const testHelper = 'Only tests import the test helpers';
  it.each([
    [
      'shared/content/probe.ts',
      "export { prerenderedPaths } from '../../entry-server';",
      entryPoint,
    ],
    ['features/home/probe.ts', "import '../../main';", entryPoint],
    ['app/probe.ts', "export { withCriticalStyles } from '../critical-styles';", entryPoint],
    ['features/loans/probe.ts', "export { renderApp } from '../../test/render-app';", testHelper],
    ['shared/api/probe.ts', "export { mockFetch } from '../../test/api-fixtures';", testHelper],
    [
      'app/probe.ts',
      "export { productFixture } from '../features/loans/loan-fixtures';",
      testHelper,
    ],
    ['app/probe.ts', "export * from '../features/loans/loan-form/loan-page.test';", testHelper],
    ['entry-server-probe.tsx', "export { renderApp } from './test/render-app';", testHelper],
  ])(
    'keeps entry points out of the app, and tests and their helpers out of what ships: %s, %s',
    async (file, code, message) => {
      expect(await boundaryErrors(file, code)).toEqual([expect.stringContaining(message)]);
    },
  );

  it('lets a feature use itself, shared and the contract; the app, tests and entry points use what they need', async () => {
    expect(
      await boundaryErrors(
        'features/support/users/probe.ts',
        "export { useSupportUsers } from '../api/support-users';\n" +
          "export { apiRequest } from '../../../shared/api/api-client';\n" +
          "export { supportUsers } from '@sesxi/contract';",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'app/probe.ts',
        "export { logIn } from '../features/accounts/api/login';\n" +
          "export { session } from '../shared/session/session';",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'test/probe.ts',
        "export { appRoutes } from '../app/router';\n" +
          "export { logIn } from '../features/accounts/api/login';",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'features/loans/probe.test.tsx',
        "export { renderApp } from '../../test/render-app';\n" +
          "export { productFixture } from './loan-fixtures';",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'features/loans/probe-fixtures.ts',
        "export { mockFetch } from '../../test/api-fixtures';",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'app/probe.test.tsx',
        "export { prerenderedPaths } from '../entry-server';",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'probe.tsx',
        "export { appRoutes } from './app/router';\n" +
          "export { withCriticalStyles } from './critical-styles';",
      ),
    ).toEqual([]);
  });
});
