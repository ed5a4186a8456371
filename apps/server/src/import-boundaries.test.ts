import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const repository = path.resolve(import.meta.dirname, '../../..');

/**
 * The repository's own ESLint config, running only the import rules: typed linting would need
 * a TypeScript program, which a file that exists only in this test is not part of.
 */
const eslint = new ESLint({
  cwd: repository,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) =>
    ['no-restricted-imports', 'import-x/no-restricted-paths', 'import-x/no-cycle'].includes(ruleId),
});

/** Lints `code` as if it were the file at `file` (under apps/server/src); the rules' messages. */
async function importErrors(file: string, code: string): Promise<string[]> {
  const results = await eslint.lintText(code, {
    filePath: path.join(repository, 'apps/server/src', file),
  });
  return results.flatMap((result) => result.messages.map((message) => message.message));
}

const throughIndex = 'imported only through its public surface';
const noModuleInPlugins = 'Plugins import no module';
const dbBelow = 'db/ imports neither the modules nor the plugins';
const noParent = 'not with ../';

// ESLint loads the config and resolves every import: slow on a busy machine.
describe('the server’s import boundaries', () => {
  it('lets a module use another only through its index.ts', async () => {
    expect(
      await importErrors(
        'modules/loans/probe.ts',
        "export { quote } from '#app/modules/loan-offers/quote.ts';",
      ),
    ).toEqual([expect.stringContaining(`${throughIndex}: modules/loan-offers/index.ts`)]);
    // The same reach spelled relatively: both rules say no.
    expect(
      await importErrors(
        'modules/loans/probe.ts',
        "export { quote } from '../loan-offers/quote.ts';",
      ),
    ).toEqual(
      expect.arrayContaining([
        expect.stringContaining(noParent),
        expect.stringContaining(throughIndex),
      ]),
    );
    // Tests, the cli, app.ts and the test helpers keep to the index as well.
    for (const file of [
      'modules/loans/probe.test.ts',
      'cli/probe.ts',
      'probe.ts',
      'test/probe.ts',
    ]) {
      expect(
        await importErrors(
          file,
          "export { createUserRepository } from '#app/modules/users/repository.ts';",
        ),
      ).toEqual([expect.stringContaining(`${throughIndex}: modules/users/index.ts`)]);
    }
    expect(
      await importErrors(
        'modules/loans/probe.ts',
        "export { quote } from '#app/modules/loan-offers/index.ts';\n" +
          "export { createLoanRepository } from './repository.ts';\n" +
          "export { serviceContext } from '#app/service-context.ts';",
      ),
    ).toEqual([]);
  }, 180_000);

  it('has modules import from outside their folder as #app/..., never with ../ or ./../', async () => {
    expect(
      await importErrors(
        'modules/loans/probe.ts',
        "export { serviceContext } from '../../service-context.ts';\n" +
          "export { systemClock } from './../../clock.ts';",
      ),
    ).toEqual([expect.stringContaining(noParent), expect.stringContaining(noParent)]);
  }, 180_000);

  it('keeps the modules out of the plugins (their tests may use them)', async () => {
    expect(
      await importErrors(
        'plugins/probe.ts',
        "export { createPageTexts } from '#app/modules/content/index.ts';",
      ),
    ).toEqual([expect.stringContaining(noModuleInPlugins)]);
    expect(
      await importErrors(
        'plugins/probe.test.ts',
        "export { createSessionRepository } from '#app/modules/sessions/index.ts';\n" +
          "export { htmlPage } from '#app/http/html-page.ts';",
      ),
    ).toEqual([]);
  }, 180_000);

  it('keeps db/ below the modules and the plugins (its tests may use the modules)', async () => {
    expect(
      await importErrors(
        'db/seed/probe.ts',
        "export { seedDefaultLoanProduct } from '#app/modules/loan-products/index.ts';\n" +
          "export { default as database } from '#app/plugins/database.ts';",
      ),
    ).toEqual([expect.stringContaining(dbBelow), expect.stringContaining(dbBelow)]);
    expect(
      await importErrors(
        'db/probe.test.ts',
        "export { createUserRepository } from '#app/modules/users/index.ts';",
      ),
    ).toEqual([]);
  }, 180_000);

  it('refuses an import circle', async () => {
    // no-cycle follows real files: two that import each other, for the length of the test.
    const folder = path.join(import.meta.dirname, `cycle-probe-${process.pid}`);
    await mkdir(folder);
    try {
      await writeFile(
        path.join(folder, 'a.ts'),
        "export { b } from './b.ts';\nexport const a = 1;\n",
      );
      await writeFile(
        path.join(folder, 'b.ts'),
        "export { a } from './a.ts';\nexport const b = 2;\n",
      );
      const [result] = await eslint.lintFiles([path.join(folder, 'a.ts')]);
      expect(result?.messages.map((message) => message.ruleId)).toEqual(['import-x/no-cycle']);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 180_000);
});

/**
 * The folder a file of the server belongs to: a module or an integration on its own, else the
 * top folder (plugins, db, http, …) or the top file (app.ts, config.ts, …).
 */
function folderOf(relative: string): string {
  const [top = '', name] = relative.split(path.sep);
  return (top === 'modules' || top === 'integrations') &&
    name !== undefined &&
    !name.endsWith('.ts')
    ? `${top}/${name}`
    : top;
}

/** Tests, and a module's test kit (`*-test-kit.ts`), which only its tests may import. */
const isTestCode = (fileName: string) => /(\.test|-test-kit)\.ts$/.test(fileName);

function codeFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return codeFilesUnder(file);
    return entry.name.endsWith('.ts') && !isTestCode(entry.name) ? [file] : [];
  });
}

describe('the server’s folders', () => {
  it('import each other without a circle (tests aside: nothing imports them)', () => {
    const src = import.meta.dirname;
    const uses = new Map<string, Set<string>>();
    for (const file of codeFilesUnder(src)) {
      const from = path.relative(src, file);
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      for (const { fileName } of importedFiles) {
        const target = fileName.startsWith('#app/')
          ? path.join(src, fileName.slice('#app/'.length))
          : fileName.startsWith('.')
            ? path.resolve(path.dirname(file), fileName)
            : undefined;
        if (target === undefined) continue;
        expect(isTestCode(target), `${from} imports test code: ${fileName}`).toBe(false);
        const [a, b] = [folderOf(from), folderOf(path.relative(src, target))];
        if (a !== b) uses.set(a, (uses.get(a) ?? new Set()).add(b));
      }
    }
    const done = new Set<string>();
    const trail: string[] = [];
    const visit = (folder: string) => {
      if (done.has(folder)) return;
      expect(trail, `a circle: ${[...trail, folder].join(' → ')}`).not.toContain(folder);
      trail.push(folder);
      for (const used of uses.get(folder) ?? []) visit(used);
      trail.pop();
      done.add(folder);
    };
    for (const folder of uses.keys()) visit(folder);
    // The walk saw the server: its modules and its layers.
    expect([...uses.keys()]).toEqual(
      expect.arrayContaining(['app.ts', 'plugins', 'modules/loans']),
    );
  });
});
