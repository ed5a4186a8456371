import type { FastifyInstance } from 'fastify';
import { createUserRepository, type User } from '#app/modules/users/repository.ts';
import { hashPassword } from '#app/security/password-hashing.ts';

let identities = 0;

/** A registered customer, straight into the table (for tests of what comes after registration). */
export async function insertCustomer(
  app: FastifyInstance,
  { phone, password = 'correct horse battery' }: { phone: string; password?: string },
): Promise<User> {
  identities += 1;
  return createUserRepository(app.database.db).insert({
    name: 'ნინო',
    surname: 'კაპანაძე',
    identityNumber: `0200${String(identities).padStart(3, '0')}${phone.slice(-4)}`,
    documentTypeId: 1,
    documentNumber: '13AB45678',
    phone,
    passwordHash: await hashPassword(password),
    phoneVerifiedAt: new Date(),
  });
}
