import type { DatabaseTarget } from '#app/config/paths.ts';
import type { DatabaseConnection } from './database.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** Opens the configured database and brings its schema up to date. */
export function openDatabase(
  target: DatabaseTarget,
  onConnectionLost: (error: Error) => void,
): Promise<DatabaseConnection> {
  return target.driver === 'pglite'
    ? openPglite({ dataDir: target.dataDir })
    : openPostgres(target.url, onConnectionLost);
}
