import type { StaffRole } from '@sesxi/contract';
import { violatedCheckConstraint, violatedUniqueConstraint } from '#app/db/constraint-violation.ts';
import type { Database } from '#app/db/database.ts';
import { fieldError, httpError } from '#app/errors.ts';
import { hashPassword } from '#app/security/password-hashing.ts';
import { randomPassword } from '#app/security/random-password.ts';
import { createSessionRepository, createSessionService } from '#app/modules/sessions/index.ts';
import { createUserRepository } from '#app/modules/users/index.ts';
import type { ServiceContext } from '#app/service-context.ts';
import { createStaffRepository, type StaffChanges, type StaffRow } from './repository.ts';

/**
 * Who changes a staff account: an admin through the API, whom the rules keep from locking
 * themself out (so there is always an admin), or the operator at the server's command line,
 * who may change any account (the way to make the first admin, or to mend a lock-out).
 */
export type StaffActor = { adminId: number } | 'operator';

export interface NewStaffAccount {
  phone: string;
  name: string;
  surname: string;
  roles: StaffRole[];
  /** A service account for the lender's systems: a long-lived token, never a sign-in. */
  machine: boolean;
  /** The personal number a person signs in with; null for a service account. */
  personalNumber: string | null;
}

/** A new account and its one secret, shown once: a temporary password, or a service token. */
export type CreatedStaffAccount = StaffRow & ({ password: string } | { token: string });

const actorOf = (actor: StaffActor) =>
  actor === 'operator' ? { actor: 'operator' } : { actorId: actor.adminId };

const isSelf = (actor: StaffActor, id: number) => actor !== 'operator' && actor.adminId === id;

/** The unique constraint a write broke, as the field error it means here. */
function takenError(error: unknown) {
  const constraint = violatedUniqueConstraint(error);
  if (constraint === 'users_phone_unique') return fieldError('phone', 'validation.phoneTaken');
  if (constraint === 'users_identity_number_unique') {
    return fieldError('personal_number', 'validation.identityTaken');
  }
  return error;
}

export function createStaffService({ db, clock, log }: ServiceContext) {
  /**
   * `change` of the account `id`, in a transaction. An admin acting changes only staff
   * accounts (any other id answers 404), and only while still an enabled admin: the enabled
   * admins' rows are locked first, so two admins changing each other at once take turns, and
   * the second finds what the first did.
   */
  function changeAccount<Result>(
    id: number,
    actor: StaffActor,
    change: (tx: Database, target: StaffRow, now: Date) => Promise<Result>,
  ): Promise<Result> {
    return db.transaction(async (tx) => {
      const staff = createStaffRepository(tx);
      if (actor !== 'operator' && !(await staff.lockEnabledAdmins()).includes(actor.adminId)) {
        throw httpError(403, 'errors.forbidden');
      }
      const target = await staff.byId(id);
      if (!target || (actor !== 'operator' && !target.isStaff)) {
        throw httpError(404, 'errors.notFound');
      }
      return change(tx, target, clock.now());
    });
  }

  async function update(tx: Database, id: number, changes: StaffChanges, now: Date) {
    const row = await createStaffRepository(tx).update(id, changes, now);
    if (!row) throw httpError(404, 'errors.notFound');
    return row;
  }

  return {
    list(): Promise<StaffRow[]> {
      return createStaffRepository(db).list();
    },

    /**
     * The account can no longer sign in, and every session and service token of it ends in the
     * same transaction. An admin cannot disable themself.
     */
    async disable(id: number, actor: StaffActor): Promise<StaffRow> {
      if (isSelf(actor, id)) throw httpError(403, 'staff.cannotDisableSelf');
      const { account, revoked } = await changeAccount(id, actor, async (tx, target, now) => ({
        account: await update(tx, id, { disabledAt: target.disabledAt ?? now }, now),
        revoked: await createSessionRepository(tx).revokeAllOf(id, now),
      }));
      log.warn(
        { event: 'staff_disabled', userId: id, sessions: revoked, ...actorOf(actor) },
        'staff account disabled, its sessions ended',
      );
      return account;
    },

    /** The account may sign in again; the sessions that ended stay ended. */
    async enable(id: number, actor: StaffActor): Promise<StaffRow> {
      const account = await changeAccount(id, actor, (tx, _target, now) =>
        update(tx, id, { disabledAt: null }, now),
      );
      log.warn({ event: 'staff_enabled', userId: id, ...actorOf(actor) }, 'staff account enabled');
      return account;
    },

    /**
     * Replaces the account's roles. An admin cannot drop their own admin role; an account that
     * is not a customer too keeps at least one (to end its access, disable it).
     */
    async setRoles(id: number, roles: StaffRole[], actor: StaffActor): Promise<StaffRow> {
      const wanted = [...new Set(roles)];
      if (isSelf(actor, id) && !wanted.includes('admin')) {
        throw fieldError('roles', 'staff.cannotDropOwnAdmin');
      }
      let before: StaffRole[] = [];
      let account: StaffRow;
      try {
        account = await changeAccount(id, actor, (tx, target, now) => {
          before = target.roles;
          return update(tx, id, { roles: wanted }, now);
        });
      } catch (error) {
        if (violatedCheckConstraint(error) !== 'users_customer_identity') throw error;
        throw fieldError('roles', 'staff.rolesRequired');
      }
      log.warn(
        { event: 'staff_roles_set', userId: id, before, roles: wanted, ...actorOf(actor) },
        'staff roles set',
      );
      return account;
    },

    /** Ends every session and service token of the account; answers how many there were. */
    async revokeTokens(
      id: number,
      actor: StaffActor,
    ): Promise<{ account: StaffRow; revoked: number }> {
      const result = await changeAccount(id, actor, async (tx, account, now) => ({
        account,
        revoked: await createSessionRepository(tx).revokeAllOf(id, now),
      }));
      log.warn(
        {
          event: 'token_revoked',
          reason: 'staff_revoke',
          userId: id,
          sessions: result.revoked,
          ...actorOf(actor),
        },
        'staff sessions and tokens ended',
      );
      return result;
    },

    /**
     * A new staff account (the operator's command): a person gets a temporary password, to be
     * changed at the first sign-in; a service account a long-lived token instead.
     */
    async create(account: NewStaffAccount): Promise<CreatedStaffAccount> {
      const password = randomPassword();
      const passwordHash = await hashPassword(password);
      const created = await db
        .transaction(async (tx) => {
          const { id } = await createUserRepository(tx).insert({
            name: account.name,
            surname: account.surname,
            phone: account.phone,
            identityNumber: account.personalNumber,
            passwordHash,
            roles: [...new Set(account.roles)],
            isMachine: account.machine,
            mustChangePassword: !account.machine,
          });
          const row = await createStaffRepository(tx).byId(id);
          if (!row) throw new Error('the new staff account was not stored');
          if (!account.machine) return { ...row, password };
          const sessions = createSessionService(createSessionRepository(tx), clock);
          return { ...row, token: await sessions.startLongLived(id) };
        })
        .catch((error: unknown) => {
          throw takenError(error);
        });
      log.warn(
        {
          event: 'staff_created',
          userId: created.id,
          roles: created.roles,
          machine: account.machine,
          actor: 'operator',
        },
        'staff account created',
      );
      return created;
    },

    /** Another long-lived token for a service account (after its old ones were revoked, say). */
    async newToken(id: number): Promise<string> {
      const target = await createStaffRepository(db).byId(id);
      if (!target?.isMachine) throw fieldError('phone', 'staff.notMachine');
      const sessions = createSessionService(createSessionRepository(db), clock);
      const token = await sessions.startLongLived(id);
      log.warn(
        { event: 'service_token_issued', userId: id, actor: 'operator' },
        'service token issued',
      );
      return token;
    },

    /**
     * The personal number a member of staff signs in with. A service account has none, and a
     * customer's comes from single sign-on: neither is set here.
     */
    async setPersonalNumber(id: number, personalNumber: string): Promise<StaffRow> {
      const account = await changeAccount(id, 'operator', (tx, target, now) => {
        if (!target.isStaff || target.isMachine || target.isCustomer) {
          throw fieldError('personal_number', 'staff.personalNumberNotSettable');
        }
        return update(tx, id, { identityNumber: personalNumber }, now);
      }).catch((error: unknown) => {
        throw takenError(error);
      });
      log.warn(
        { event: 'staff_personal_number_set', userId: id, actor: 'operator' },
        'staff personal number set',
      );
      return account;
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
