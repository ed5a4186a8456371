import { isAbsolute, resolve } from 'node:path';
import type { Environment } from './environment.ts';

/** The repository root: `npm -w` runs the server inside apps/server, so paths are anchored here. */
export const repositoryRoot = resolve(import.meta.dirname, '../../../..');

/** A path as configured: absolute as it is, relative from the repository root. */
export function anchored(path: string): string {
  return isAbsolute(path) ? path : resolve(repositoryRoot, path);
}

export type DatabaseTarget =
  { driver: 'pglite'; dataDir: string } | { driver: 'postgres'; url: string };

/** PostgreSQL at DATABASE_URL, or PGlite embedded in `<DATA_DIR>/pglite`. */
export function databaseTarget(vars: Environment): DatabaseTarget {
  return vars.DATABASE_URL
    ? { driver: 'postgres', url: vars.DATABASE_URL }
    : { driver: 'pglite', dataDir: resolve(dataDir(vars), 'pglite') };
}

/** The folder the embedded database and local uploads live under (default `data`). */
export function dataDir(vars: Environment): string {
  return anchored(vars.DATA_DIR ?? 'data');
}

/** The built web app the server serves. */
export function webDistDir(vars: Environment): string {
  return anchored(vars.WEB_DIST_DIR ?? 'apps/web/dist');
}
