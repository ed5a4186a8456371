import { ConfigError, loadConfig } from '#app/config.ts';
import type { DatabaseConnection } from '#app/db/database.ts';
import { openDatabase } from '#app/db/open.ts';

/** Ends a command with `message` on stderr and exit code 1. */
export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/**
 * The database the server is configured with (the same environment variables), migrated; a
 * bad configuration ends the command with its message. With the embedded database, the
 * server must be stopped: one process at a time may open its folder.
 */
export async function openConfiguredDatabase(): Promise<DatabaseConnection> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  return openDatabase(config.database, () => {});
}
