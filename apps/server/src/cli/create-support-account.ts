import { parseArgs } from 'node:util';
import { mobilePhone } from '@sesxi/contract';
import { ConfigError, loadConfig } from '#app/config.ts';
import { violatedUniqueConstraint } from '#app/db/constraint-violation.ts';
import { openDatabase } from '#app/db/open.ts';
import { createUserRepository } from '#app/modules/users/repository.ts';
import { hashPassword } from '#app/security/password-hashing.ts';
import { randomPassword } from '#app/security/random-password.ts';

const usage =
  'Usage: npm run support:create -w @sesxi/server -- --phone 5XXXXXXXX --name NAME --surname SURNAME';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/**
 * Creates a support account on the configured database (the same environment variables as the
 * server) and prints its first password once; the holder changes it after signing in. With the
 * embedded database, stop the server first: one process at a time may open its folder.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      phone: { type: 'string' },
      name: { type: 'string' },
      surname: { type: 'string' },
    },
  });
  const phone = mobilePhone.safeParse(values.phone);
  const name = values.name?.trim() ?? '';
  const surname = values.surname?.trim() ?? '';
  if (!phone.success || name === '' || surname === '') fail(usage);

  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const connection = await openDatabase(config.database, () => {});
  try {
    const password = randomPassword();
    await createUserRepository(connection.db).insert({
      name,
      surname,
      phone: phone.data,
      passwordHash: await hashPassword(password),
      isSupport: true,
    });
    process.stdout.write(
      `Support account ${phone.data} (${name} ${surname}) created.\n` +
        `First password, shown this once: ${password}\n` +
        'Sign in and change it at /change-password.\n',
    );
  } catch (error) {
    if (violatedUniqueConstraint(error) !== 'users_phone_unique') throw error;
    process.stderr.write(`An account with the phone ${phone.data} already exists.\n`);
    process.exitCode = 1;
  } finally {
    await connection.close();
  }
}

await main();
