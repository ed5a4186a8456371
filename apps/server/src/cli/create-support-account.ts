import { parseArgs } from 'node:util';
import { mobilePhone, staffRoles, type StaffRole } from '@sesxi/contract';
import { violatedUniqueConstraint } from '#app/db/constraint-violation.ts';
import { createSessionRepository } from '#app/modules/sessions/repository.ts';
import { createSessionService } from '#app/modules/sessions/service.ts';
import { createUserRepository } from '#app/modules/users/repository.ts';
import { hashPassword } from '#app/security/password-hashing.ts';
import { randomPassword } from '#app/security/random-password.ts';
import { systemClock } from '#app/clock.ts';
import { fail, openConfiguredDatabase } from './command-line.ts';

const usage =
  'Usage: npm run support:create -w @sesxi/server -- --phone 5XXXXXXXX --name NAME --surname SURNAME' +
  ` [--role ${staffRoles.join('|')}]… [--machine]`;

const isRole = (role: string): role is StaffRole =>
  (staffRoles as readonly string[]).includes(role);

/**
 * Creates a staff account on the configured database (the same environment variables as the
 * server) with the roles given (support when none is), and prints its first password once;
 * the holder changes it after signing in. `--machine` makes a service account for the
 * lender's own systems instead: it never signs in, and its long-lived API token (valid until
 * revoked with POST /api/logout) is printed once. With the embedded database, stop the server
 * first: one process at a time may open its folder.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      phone: { type: 'string' },
      name: { type: 'string' },
      surname: { type: 'string' },
      role: { type: 'string', multiple: true },
      machine: { type: 'boolean', default: false },
    },
  });
  const phone = mobilePhone.safeParse(values.phone);
  const name = values.name?.trim() ?? '';
  const surname = values.surname?.trim() ?? '';
  const roles = values.role ?? ['support'];
  if (!phone.success || name === '' || surname === '' || !roles.every(isRole)) fail(usage);

  const connection = await openConfiguredDatabase();
  try {
    const password = randomPassword();
    const account = await createUserRepository(connection.db).insert({
      name,
      surname,
      phone: phone.data,
      passwordHash: await hashPassword(password),
      roles: [...new Set(roles)],
      isMachine: values.machine,
    });
    const described = `${phone.data} (${name} ${surname}; ${roles.join(', ')})`;
    if (values.machine) {
      const sessions = createSessionService(createSessionRepository(connection.db), systemClock);
      const token = await sessions.startLongLived(account.id);
      process.stdout.write(
        `Service account ${described} created.\n` +
          `API token, shown this once: ${token}\n` +
          'Send it as Authorization: Bearer <token>; POST /api/logout with it revokes it.\n',
      );
    } else {
      process.stdout.write(
        `Staff account ${described} created.\n` +
          `First password, shown this once: ${password}\n` +
          'Sign in and change it at /change-password.\n',
      );
    }
  } catch (error) {
    if (violatedUniqueConstraint(error) !== 'users_phone_unique') throw error;
    process.stderr.write(`An account with the phone ${phone.data} already exists.\n`);
    process.exitCode = 1;
  } finally {
    await connection.close();
  }
}

await main();
