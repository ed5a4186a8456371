import { parseArgs } from 'node:util';
import {
  formatTimestamp,
  mobilePhone,
  personalNumber,
  staffRoles,
  translate,
  type StaffRole,
} from '@sesxi/contract';
import { HttpError } from '#app/errors.ts';
import { maskedPersonalNumber } from '#app/modules/sda/index.ts';
import type { ServiceContext } from '#app/service-context.ts';
import {
  createStaffRepository,
  type StaffRow,
  createStaffService,
} from '#app/modules/staff/index.ts';

const npm = 'npm run staff:<command> -w @sesxi/server --';
const roleList = staffRoles.join('|');

/** Each command's usage line: what `npm run staff:<name>` takes. */
const usages = {
  create:
    `${npm} --phone 5XXXXXXXX --name NAME --surname SURNAME --personal-number NNNNNNNNNNN` +
    ` [--role ${roleList}]…\n  or, for a service account: --phone … --name … --surname … --machine [--role …]…`,
  list: npm,
  disable: `${npm} --phone 5XXXXXXXX`,
  enable: `${npm} --phone 5XXXXXXXX`,
  'set-roles': `${npm} --phone 5XXXXXXXX (--role ${roleList})… | --none`,
  'revoke-tokens': `${npm} --phone 5XXXXXXXX`,
  'new-token': `${npm} --phone 5XXXXXXXX`,
  'set-personal-number': `${npm} --phone 5XXXXXXXX --personal-number NNNNNNNNNNN`,
} as const;

export type StaffCommand = keyof typeof usages;

export const staffCommands = Object.keys(usages) as StaffCommand[];

/** Where a command writes: what it did on `out`, why it did not on `err`. */
export interface CommandOutput {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** A command's refusal, with the words the operator reads. */
class CommandFailure extends Error {}

const options = {
  phone: { type: 'string' },
  name: { type: 'string' },
  surname: { type: 'string' },
  'personal-number': { type: 'string' },
  role: { type: 'string', multiple: true },
  machine: { type: 'boolean', default: false },
  none: { type: 'boolean', default: false },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof options }>>['values'];

function usageOf(command: StaffCommand): string {
  return `Usage: ${usages[command].replace('staff:<command>', `staff:${command}`)}`;
}

const isRole = (role: string): role is StaffRole =>
  (staffRoles as readonly string[]).includes(role);

/** The values `command` takes, each checked; anything else ends it with its usage. */
function valuesFor(command: StaffCommand, args: string[]) {
  let values: Values;
  try {
    ({ values } = parseArgs({ args, options, strict: true }));
  } catch (error) {
    throw new CommandFailure(`${(error as Error).message}\n${usageOf(command)}`);
  }
  const fail = (why: string): never => {
    throw new CommandFailure(`${why}\n${usageOf(command)}`);
  };
  const phone = () => {
    const parsed = mobilePhone.safeParse(values.phone);
    return parsed.success ? parsed.data : fail('--phone: nine digits starting with 5');
  };
  const number = () => {
    const parsed = personalNumber.safeParse(values['personal-number']?.trim());
    return parsed.success ? parsed.data : fail('--personal-number: eleven digits');
  };
  const roles = (fallback: StaffRole[]) => {
    const given = values.role ?? fallback;
    const unknown = given.filter((role) => !isRole(role));
    if (unknown.length > 0) fail(`--role: unknown role ${unknown.join(', ')}`);
    return given as StaffRole[];
  };
  const text = (option: 'name' | 'surname') => {
    const value = values[option]?.trim() ?? '';
    return value === '' ? fail(`--${option}: required`) : value;
  };
  return { values, phone, number, roles, text, fail };
}

/** The account of a phone; only a staff account unless `anyAccount` (roles for a customer). */
async function accountOf(context: ServiceContext, phone: string, anyAccount = false) {
  const row = await createStaffRepository(context.db).byPhone(phone);
  if (!row || (!anyAccount && !row.isStaff)) {
    throw new CommandFailure(`No staff account has the phone ${phone}.`);
  }
  return row;
}

/** An account in one line, as the commands report it. */
function described(row: StaffRow): string {
  const roles = row.roles.length > 0 ? row.roles.join(', ') : 'no roles';
  return `${row.phone} (${row.name} ${row.surname}; ${roles})`;
}

/** The staff as a table: the personal numbers masked, the times in Tbilisi's. */
function staffTable(rows: StaffRow[]): string {
  const header = [
    'id',
    'phone',
    'name',
    'roles',
    'machine',
    'personal no.',
    'disabled',
    'last sign-in',
    'notes',
  ];
  const lines = rows.map((row) => [
    String(row.id),
    row.phone,
    `${row.name} ${row.surname}`,
    row.roles.join(','),
    row.isMachine ? 'yes' : 'no',
    row.identityNumber ? maskedPersonalNumber(row.identityNumber) : row.isMachine ? '' : 'MISSING',
    row.disabledAt ? formatTimestamp(row.disabledAt) : 'no',
    row.lastSignedInAt ? formatTimestamp(row.lastSignedInAt) : 'never',
    [row.mustChangePassword && 'temporary password', row.isSandbox && 'sandbox seed']
      .filter(Boolean)
      .join(', '),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  return [header, ...lines]
    .map((line) =>
      line
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** A refusal of the service in the operator's words (English): each field's message. */
function explained(error: HttpError): string {
  const fields = Object.entries(error.fields).flatMap(([field, messages]) =>
    messages.map(
      ({ key, params }) => `${field.replace('_', '-')}: ${translate(key, 'en', params)}`,
    ),
  );
  return fields.length > 0 ? fields.join('\n') : translate(error.messageKey, 'en', error.params);
}

async function run(
  command: StaffCommand,
  args: string[],
  context: ServiceContext,
  { out }: CommandOutput,
) {
  const parsed = valuesFor(command, args);
  const service = createStaffService(context);
  const operator = 'operator';
  switch (command) {
    case 'list': {
      const rows = await service.list();
      out(rows.length > 0 ? `${staffTable(rows)}\n` : 'No staff accounts yet.\n');
      return;
    }
    case 'create': {
      const machine = parsed.values.machine;
      if (machine && parsed.values['personal-number'] !== undefined) {
        parsed.fail('--personal-number: a service account has none');
      }
      const account = {
        phone: parsed.phone(),
        name: parsed.text('name'),
        surname: parsed.text('surname'),
        roles: parsed.roles(['support']),
        machine,
        personalNumber: machine ? null : parsed.number(),
      };
      const created = await service.create(account).catch(async (error: unknown) => {
        if (!(error instanceof HttpError) || !('personal_number' in error.fields)) throw error;
        const holder = await createStaffRepository(context.db).byIdentityNumber(
          account.personalNumber ?? '',
        );
        throw new CommandFailure(
          `The personal number belongs to the account ${holder ? described(holder) : 'of someone else'}: ` +
            'one person has one account. To make it a staff account, give it roles: ' +
            `npm run staff:set-roles -w @sesxi/server -- --phone ${holder?.phone ?? '5XXXXXXXX'} --role …`,
        );
      });
      if ('token' in created) {
        out(
          `Service account ${described(created)} created.\n` +
            `API token, shown this once: ${created.token}\n` +
            'Send it as Authorization: Bearer <token>; end it with npm run staff:revoke-tokens.\n',
        );
      } else {
        out(
          `Staff account ${described(created)} created.\n` +
            `Temporary password, shown this once: ${created.password}\n` +
            'It must be changed at the first sign-in: until then the account can do nothing else.\n',
        );
      }
      return;
    }
    case 'disable': {
      const account = await service.disable(
        (await accountOf(context, parsed.phone())).id,
        operator,
      );
      out(
        `Disabled ${described(account)}: it cannot sign in, and its sessions and tokens have ended.\n`,
      );
      return;
    }
    case 'enable': {
      const account = await service.enable((await accountOf(context, parsed.phone())).id, operator);
      out(`Enabled ${described(account)}: it may sign in again.\n`);
      return;
    }
    case 'set-roles': {
      const none = parsed.values.none;
      if (none === (parsed.values.role !== undefined))
        parsed.fail('Give --role (once or more) or --none.');
      const target = await accountOf(context, parsed.phone(), true);
      const account = await service.setRoles(target.id, none ? [] : parsed.roles([]), operator);
      out(`Roles set: ${described(account)}.\n`);
      return;
    }
    case 'revoke-tokens': {
      const { account, revoked } = await service.revokeTokens(
        (await accountOf(context, parsed.phone())).id,
        operator,
      );
      out(`Ended ${String(revoked)} session(s) and token(s) of ${described(account)}.\n`);
      return;
    }
    case 'new-token': {
      const account = await accountOf(context, parsed.phone());
      const token = await service.newToken(account.id);
      out(
        `New API token of ${described(account)}, shown this once: ${token}\n` +
          'Its other tokens still work until revoked (npm run staff:revoke-tokens).\n',
      );
      return;
    }
    case 'set-personal-number': {
      const target = await accountOf(context, parsed.phone());
      const account = await service.setPersonalNumber(target.id, parsed.number());
      out(
        `Personal number set: ${described(account)}, ${maskedPersonalNumber(account.identityNumber ?? '')}.\n`,
      );
      return;
    }
  }
}

/**
 * Runs one staff command (`staff.ts <command> [options]`) on `context`'s database; answers the
 * exit code. A refusal (bad options, an unknown phone, a rule) is explained on `err` with 1.
 */
export async function runStaffCommand(
  command: string | undefined,
  args: string[],
  context: ServiceContext,
  output: CommandOutput,
): Promise<number> {
  if (!staffCommands.includes(command as StaffCommand)) {
    output.err(`Commands: ${staffCommands.map((name) => `staff:${name}`).join(', ')}\n`);
    return 1;
  }
  try {
    await run(command as StaffCommand, args, context, output);
    return 0;
  } catch (error) {
    if (error instanceof CommandFailure) output.err(`${error.message}\n`);
    else if (error instanceof HttpError) output.err(`${explained(error)}\n`);
    else throw error;
    return 1;
  }
}
