/**
 * Who may call what: the roles, and the access every endpoint and file route of the API
 * declares (its `access`). This is the one declaration: the server's sign-in checks, the API
 * document's security marks, the web app's guards and menus and the staff commands and seed
 * all read it.
 */

/**
 * What staff may do: `support` the identity-check screens, `credit_officer` the decisions on
 * applications, `content_editor` the texts visitors read, `admin` the staff accounts (list,
 * disable, roles, tokens). One account may hold several; a customer holds none. A service
 * (machine) account is a staff account too: it signs in with a long-lived token and passes the
 * same gates as a person holding its roles (what it may not do beyond that, such as approving
 * alone, its module decides).
 */
export const staffRoles = ['support', 'credit_officer', 'content_editor', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** How far a customer has come: registered, the personal-data check passed, the questionnaire too. */
export const customerStages = ['registered', 'sda_verified', 'onboarded'] as const;
export type CustomerStage = (typeof customerStages)[number];

/**
 * Who may call a route. `public`: anyone, with or without a session. `session`: any live
 * session, even one that must change its temporary password first (logout, the change of
 * password). `signed_in`: any account, customer or staff, that may do more than change its
 * password. `customer`: customers only (never staff), from `stage` on. `staff`: holders of
 * `role`. Every gated route answers 401 without a live session and 403 to anyone else.
 * `biller`: no session but a biller's key (`BILLER_KEYS`) as the bearer token; 401 without one.
 */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'session' }
  | { readonly kind: 'signed_in' }
  | { readonly kind: 'customer'; readonly stage: CustomerStage }
  | { readonly kind: 'staff'; readonly role: StaffRole }
  | { readonly kind: 'biller' };

export const access = {
  public: { kind: 'public' },
  session: { kind: 'session' },
  signedIn: { kind: 'signed_in' },
  customer: { kind: 'customer', stage: 'registered' },
  sdaVerified: { kind: 'customer', stage: 'sda_verified' },
  onboarded: { kind: 'customer', stage: 'onboarded' },
  staff: (role: StaffRole): Access => ({ kind: 'staff', role }),
  biller: { kind: 'biller' },
} as const satisfies Record<string, Access | ((role: StaffRole) => Access)>;

/** Whether a route asks for a session at all (the API document's bearer mark). */
export function needsSession(declared: Access): boolean {
  return declared.kind !== 'public' && declared.kind !== 'biller';
}

/** The access as one word for people (the API document's `x-access`): `staff:admin`, say. */
export function accessName(declared: Access): string {
  switch (declared.kind) {
    case 'customer':
      return declared.stage === 'registered' ? 'customer' : `customer:${declared.stage}`;
    case 'staff':
      return `staff:${declared.role}`;
    default:
      return declared.kind;
  }
}

/**
 * A route the API serves that answers a file rather than JSON (a download, an image): declared
 * beside the endpoints, with its access, so that the gates and the document know it too.
 */
export interface FileRoute {
  method: 'GET';
  path: string;
  access: Access;
  /** What comes back, for the document. */
  description: string;
}

export function defineFileRoute(route: FileRoute): FileRoute {
  return route;
}

/** A route of the contract, endpoint or file: what the gates and the document read. */
export interface ContractRoute {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  access?: Access;
}

/** Whether an export of the contract is a route (an endpoint or a file route). */
export function isContractRoute(value: unknown): value is ContractRoute {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    typeof value.method === 'string' &&
    typeof value.path === 'string'
  );
}
