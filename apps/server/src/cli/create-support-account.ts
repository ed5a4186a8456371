import { parseArgs } from 'node:util';
import { mobilePhone } from '@sesxi/contract';
import { violatedUniqueConstraint } from '#app/db/constraint-violation.ts';
import { createUserRepository } from '#app/modules/users/repository.ts';
import { hashPassword } from '#app/security/password-hashing.ts';
import { randomPassword } from '#app/security/random-password.ts';
import { fail, openConfiguredDatabase } from './command-line.ts';

const usage =
  'Usage: npm run support:create -w @sesxi/server -- --phone 5XXXXXXXX --name NAME --surname SURNAME';

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

  const connection = await openConfiguredDatabase();
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
