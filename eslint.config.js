import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const web = 'apps/web/src';
// Read from disk, so that a new feature folder gets its zone without a change here.
const features = fs
  .readdirSync(path.join(import.meta.dirname, web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web app's one-way flow, shared → features → app → entry points (as bulletproof-react): a
 * feature imports shared and the contract, never another feature nor the app; shared imports
 * neither. Imports are resolved to files first, so a path is caught however it is spelled.
 * apps/web/src/import-boundaries.test.ts proves the zones.
 */
const webLayers = [
  ...features.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message:
      'A feature never imports another: compose them in src/app, or move the piece to src/shared.',
  })),
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message: 'Features do not import the app: the app imports them.',
  },
  {
    target: `${web}/shared`,
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared code imports neither features nor the app.',
  },
];

/** What only tests use: the helpers in src/test (they render the whole app) and fixtures. */
const webTestFiles = [`${web}/test/**`, `${web}/**/*.test.{ts,tsx}`, `${web}/**/*-fixtures.ts`];

/**
 * Above the app stand the entry points (main.tsx, entry-server.tsx, and the files beside them
 * that only they use): they import the app, which never imports them back (entry-server
 * imports every feature). The test helpers stand apart: the code that ships imports none of
 * them. Tests may use an entry point or a helper; the layers above still hold for them.
 */
const webShippedOnly = [
  {
    target: [`${web}/app`, `${web}/features`, `${web}/shared`],
    from: [`${web}/*.{ts,tsx}`],
    message:
      'The app never imports an entry point (main.tsx, entry-server.tsx, …): they import it.',
  },
  {
    target: `${web}`,
    // One pattern (its braces list the three), so that an import is reported once.
    from: [`{${webTestFiles.join(',')}}`],
    message: 'Only tests import the test helpers (src/test), a fixture or a test.',
  },
];

const webBoundaries = (zones) => ({
  'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones }],
});

const server = 'apps/server/src';
const serverModules = fs
  .readdirSync(path.join(import.meta.dirname, server, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The server's layers (docs/architecture.md): a module's public surface is its index.ts, and
 * every file outside the module (another module, app.ts, a plugin, the cli, a test helper)
 * imports it only there; plugins are infrastructure that import no module (app.ts, the
 * composition root, hands them what they need); db/ lies below both. Imports are resolved to
 * files first, so a path is caught however it is spelled. apps/server/src/import-boundaries.test.ts
 * proves the zones; modules/dependencies.json says which module may use which.
 */
const serverZones = [
  ...serverModules.map((name) => ({
    target: [`${server}/*.ts`, `${server}/!(modules)/**`, `${server}/modules/!(${name})/**`],
    from: `${server}/modules/${name}`,
    except: ['./index.ts'],
    message: `A module is imported only through its public surface: modules/${name}/index.ts.`,
  })),
  {
    target: `${server}/plugins/**/!(*.test).ts`,
    from: `${server}/modules`,
    message: 'Plugins import no module: app.ts hands them what they need.',
  },
  {
    target: `${server}/db/**/!(*.test).ts`,
    from: [`${server}/modules`, `${server}/plugins`],
    message:
      'db/ imports neither the modules nor the plugins: pass what it needs in (see seedDatabase).',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.test-data/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    languageOptions: { globals: { ...globals.browser } },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...webBoundaries(webLayers),
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: webTestFiles,
    rules: webBoundaries([...webLayers, ...webShippedOnly]),
  },
  {
    files: ['apps/server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
      // no-cycle reads the imported files too: with the TypeScript parser.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: serverZones },
      ],
      // No import circles between files (type-only imports aside); between modules,
      // modules/dependencies.test.ts keeps the map acyclic.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // One import style between the server's modules: `#app/...`, which says where code comes
    // from; `../` (or `./../`) would hide a reach into another module (a module's own files
    // use `./`).
    files: [`${server}/modules/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)\\.\\.(/|$)',
              message: 'Import from outside this folder as #app/..., not with ../',
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
