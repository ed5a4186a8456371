import {
  minimumSearchLength,
  searchTotalCap,
  type AccessLogEntry,
  type SupportApplication,
  type SupportUser,
  type SupportUserRow,
  type VerificationCheck,
} from '@sesxi/contract';
import { customerFixture, jsonResponse, type ApiAnswer } from '../../test/api-fixtures';

export const supportStaffFixture = {
  ...customerFixture,
  apiToken: 'token-support',
  name: 'ლევან',
  surname: 'დოლიძე',
  phone: '599000001',
  isSupport: true,
  roles: ['support' as const],
};

const names = [
  ['გიორგი', 'ბერიძე'],
  ['ნინო', 'კაპანაძე'],
  ['დავით', 'მაისურაძე'],
  ['მარიამ', 'გელაშვილი'],
  ['ნიკა', 'ქავთარაძე'],
] as const;

/** `count` customers, newest (highest id) first, as the support table lists them. */
export function supportRows(count: number): SupportUserRow[] {
  return Array.from({ length: count }, (_, index) => {
    const id = count - index;
    const [name, surname] = names[id % names.length] ?? names[0];
    return {
      id,
      name,
      surname,
      document_type: { name: id % 2 ? 'პირადობის მოწმობა' : 'პასპორტი' },
      document_number: `AB${String(id).padStart(7, '0')}`,
      identity_number: `010010${String(id).padStart(5, '0')}`,
      is_identomat_verified: id % 3 === 0,
    };
  });
}

interface PaginatedAnswerOptions<Row> {
  matches?: (row: Row, search: string) => boolean;
  /** Beyond this many matches the total is the cap, marked `total_capped`. */
  totalCap?: number;
}

/** Answers a paginated call like the server: the rows the search matches, then one page. */
export function paginatedAnswer<Row>(
  rows: Row[],
  { matches = () => true, totalCap }: PaginatedAnswerOptions<Row> = {},
): ApiAnswer {
  return (_, query) => {
    const page = Number(query.get('page') ?? 1);
    const perPage = Number(query.get('per_page') ?? 15);
    const found = rows.filter((row) => matches(row, query.get('search') ?? ''));
    const capped = totalCap !== undefined && found.length > totalCap;
    const total = capped ? totalCap : found.length;
    return jsonResponse({
      status: 'success',
      data: found.slice((page - 1) * perPage, page * perPage),
      current_page: page,
      per_page: perPage,
      total,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      ...(totalCap === undefined ? {} : { total_capped: capped }),
    });
  };
}

/**
 * `GET /api/checking/users`: search on any part of the names and numbers; digits shorter than
 * the minimum match the id exactly.
 */
export function usersListAnswer(rows: SupportUserRow[], totalCap = searchTotalCap): ApiAnswer {
  return paginatedAnswer(rows, {
    totalCap,
    matches: (row, search) => {
      if (search.length >= minimumSearchLength) {
        const values = [row.name, row.surname, row.identity_number, row.document_number];
        return values.some((value) => value.includes(search));
      }
      return search === '' || String(row.id) === search;
    },
  });
}

export const shownUser: SupportUser = {
  id: 93,
  name: 'ნიკა',
  surname: 'ქავთარაძე',
  document_type: { name: 'პირადობის მოწმობა' },
  document_number: 'AB1234567',
  identity_number: '01001000093',
  is_identomat_verified: false,
  phone: '599123456',
  is_sda_verified: true,
  created_at: '2026-11-20 09:15:00',
};

/** The sandbox's answer for a personal number ending 93: surname and document differ. */
export const mismatchedCheck: VerificationCheck = {
  id: 2,
  session_token: 'session-2',
  result: {
    result: 'rejected',
    similarity: 0.41,
    live: true,
    document_type: 'id',
    reject_reason: { value: 'data_mismatch', description: 'Document data does not match' },
    person: { local_first_name: 'ნიკა', local_last_name: 'ბერიძე' },
  },
  outcome: 'failure',
  comparison: [
    {
      field: 'identity_number',
      source: 'sso',
      customer_value: '01001000093',
      document_value: '01001000093',
      matches: true,
    },
    { field: 'name', source: 'sso', customer_value: 'ნიკა', document_value: 'ნიკა', matches: true },
    {
      field: 'surname',
      source: 'sso',
      customer_value: 'ქავთარაძე',
      document_value: 'ბერიძე',
      matches: false,
    },
    {
      field: 'document_number',
      source: 'entered',
      customer_value: 'AB1234567',
      document_value: 'ZZ7654321',
      matches: false,
    },
  ],
  created_at: '2026-11-22 14:05:09',
};

export const approvedCheck: VerificationCheck = {
  ...mismatchedCheck,
  id: 1,
  session_token: 'session-1',
  result: { result: 'approved', similarity: 0.9027, live: true, document_type: 'id' },
  outcome: 'success',
  comparison: mismatchedCheck.comparison.map((row) => ({ ...row, matches: true })),
  created_at: '2026-11-21 10:00:00',
};

/** A result the provider gave without a similarity: the table shows its raw text. */
export const unfinishedCheck: VerificationCheck = {
  ...approvedCheck,
  id: 3,
  session_token: 'session-3',
  result: { status: 'in_progress' },
  outcome: null,
  comparison: [],
  created_at: '2026-11-22 15:00:00',
};

export function accessLogEntries(count: number): AccessLogEntry[] {
  return Array.from({ length: count }, (_, index) => ({
    id: count - index,
    actor: { id: 1, name: 'ლევან', surname: 'დოლიძე' },
    action: index % 2 ? 'users.list' : 'users.show',
    ip: `10.0.0.${String(index + 1)}`,
    created_at: `2026-11-22 12:${String(59 - index).padStart(2, '0')}:00`,
  }));
}

/** The customer's applications, newest first: one in draft, one rejected, one approved. */
export const shownApplications: SupportApplication[] = [
  {
    id: 412,
    created_at: '2026-11-24 18:20:00',
    amount: 800,
    months: 6,
    loan_status: { code: 'draft', name: 'შევსების პროცესში' },
    decision: null,
  },
  {
    id: 377,
    created_at: '2026-11-22 10:02:11',
    amount: 3000,
    months: 24,
    loan_status: { code: 'rejected', name: 'უარყოფილია' },
    decision: {
      state: 'rejected',
      amount: null,
      months: null,
      monthly_payment: null,
      effective_rate: null,
      reasons: [
        'შემოსავალი არ არის საკმარისი ყოველთვიური გადასახადისთვის',
        'გაქვთ ვადაგადაცილებული დავალიანება',
      ],
      decided_at: '2026-11-23 11:40:05',
    },
  },
  {
    id: 201,
    created_at: '2026-10-01 09:00:00',
    amount: 1500.5,
    months: 12,
    loan_status: { code: 'approved', name: 'დამტკიცებულია' },
    decision: {
      state: 'approved',
      amount: 1200,
      months: 10,
      monthly_payment: 131.45,
      effective_rate: 29.87,
      reasons: [],
      decided_at: '2026-10-02 15:30:00',
    },
  },
];
