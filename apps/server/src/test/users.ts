import type { FastifyInstance } from 'fastify';
import { createUserRepository, type User } from '#app/modules/users/index.ts';
import { hashPassword } from '#app/security/password-hashing.ts';

/** A registered customer, straight into the table (for tests of what comes after registration). */
export async function insertCustomer(
  app: FastifyInstance,
  { phone, password = 'correct horse battery' }: { phone: string; password?: string },
): Promise<User> {
  return createUserRepository(app.database.db).insert({
    name: 'ნინო',
    surname: 'კაპანაძე',
    // Unique as the phone is: 03 and the phone's nine digits.
    identityNumber: `03${phone}`,
    documentTypeId: 1,
    documentNumber: '13AB45678',
    phone,
    passwordHash: await hashPassword(password),
    phoneVerifiedAt: new Date(),
  });
}
