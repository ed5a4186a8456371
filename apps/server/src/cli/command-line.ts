import type { FastifyBaseLogger } from 'fastify';
import { pino, type LoggerOptions } from 'pino';
import { loadConfig, type Config } from '#app/config.ts';
import { ConfigError, type LogLevel } from '#app/config/environment.ts';
import type { DatabaseConnection } from '#app/db/database.ts';
import { openDatabase } from '#app/db/open.ts';
import { loggerOptions } from '#app/logging.ts';

/** Ends a command with `message` on stderr and exit code 1. */
export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The server's configuration (the same environment variables); a bad one ends the command. */
export function configOrExit(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/**
 * The database the server is configured with, migrated; a bad configuration ends the command
 * with its message. With the embedded database, the server must be stopped: one process at a
 * time may open its folder.
 */
export async function openConfiguredDatabase(
  config: Config = configOrExit(),
): Promise<DatabaseConnection> {
  return openDatabase(config.database, () => {});
}

/**
 * The server's log for a command: its security events as the same JSON lines (secrets
 * redacted), on stderr so that they stay apart from what the command prints.
 */
export function commandLog(level: LogLevel): FastifyBaseLogger {
  return pino(loggerOptions(level) as LoggerOptions, pino.destination(2));
}
