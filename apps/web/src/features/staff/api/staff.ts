import {
  staffDisable,
  staffEnable,
  staffList,
  staffRevokeTokens,
  staffSetRoles,
  type StaffRole,
} from '@sesxi/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';

/** `GET /api/staff`: every staff account, by id (admins only). */
export function staffListQuery() {
  return queryOptions({
    queryKey: ['staff', 'list'],
    queryFn: async ({ signal }) => (await apiRequest(staffList, { signal })).staff,
    staleTime: 0,
  });
}

export async function disableStaff(id: number) {
  return (await apiRequest(staffDisable, { params: { id } })).account;
}

export async function enableStaff(id: number) {
  return (await apiRequest(staffEnable, { params: { id } })).account;
}

export async function setStaffRoles(id: number, roles: StaffRole[]) {
  return (await apiRequest(staffSetRoles, { params: { id }, body: { roles } })).account;
}

/** Ends every session and token of the account; answers how many there were. */
export async function revokeStaffTokens(id: number) {
  return (await apiRequest(staffRevokeTokens, { params: { id } })).revoked;
}
