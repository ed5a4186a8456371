import { systemClock } from '#app/clock.ts';
import { commandLog, configOrExit, openConfiguredDatabase } from './command-line.ts';
import { runStaffCommand } from './staff-commands.ts';

/**
 * `npm run staff:<command>`: the staff accounts on the configured database (the same
 * environment variables as the server): create, list, disable, enable, set-roles,
 * revoke-tokens, new-token, set-personal-number (see staff-commands.ts and the README). With
 * the embedded database, stop the server first: one process at a time may open its folder.
 */
const [command, ...args] = process.argv.slice(2);
const config = configOrExit();
const connection = await openConfiguredDatabase(config);
try {
  process.exitCode = await runStaffCommand(
    command,
    args,
    { db: connection.db, clock: systemClock, log: commandLog(config.logLevel) },
    {
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
    },
  );
} finally {
  await connection.close();
}
