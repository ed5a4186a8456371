import {
  applicationAccount,
  applicationApprove,
  applicationBankStatementPath,
  applicationContract,
  applicationConfirm,
  applicationQueue,
  applicationReject,
  applicationReview,
  applicationTakeReview,
  rejectionReasons,
  type BodyOf,
  type QueueStatus,
} from '@sesxi/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '../../../shared/api/api-client';
import { currentLocale } from '../../../shared/i18n/i18n';

export interface QueuePageQuery {
  page: number;
  per_page: number;
  search: string;
  status?: QueueStatus | undefined;
}

/** `GET /api/applications`: one page of the open applications, oldest submission first. */
export function queueQuery(query: QueuePageQuery) {
  return queryOptions({
    queryKey: ['decisions', 'queue', currentLocale(), query],
    queryFn: ({ signal }) => apiRequest(applicationQueue, { query, signal }),
    // The table stays on screen (marked busy) while the next page or filter loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** `GET /api/applications/{id}`: everything an officer decides on. */
export function reviewQuery(id: string) {
  return queryOptions({
    queryKey: ['decisions', 'review', currentLocale(), id],
    queryFn: ({ signal }) => apiRequest(applicationReview, { params: { id }, signal }),
    staleTime: 0,
  });
}

/**
 * `GET /api/applications/{id}/contract`: the application's documents, signatures' evidence,
 * payout, withdrawal and identity check (each read logged on the server).
 */
export function applicationContractQuery(id: string) {
  return queryOptions({
    queryKey: ['decisions', 'contract', currentLocale(), id],
    queryFn: ({ signal }) => apiRequest(applicationContract, { params: { id }, signal }),
    staleTime: 0,
  });
}

/**
 * `GET /api/applications/{id}/account`: a paid-out loan's account as its customer sees it, read
 * only (each read logged on the server).
 */
export function applicationAccountQuery(id: string) {
  return queryOptions({
    queryKey: ['decisions', 'account', id],
    queryFn: async ({ signal }) =>
      (await apiRequest(applicationAccount, { params: { id }, signal })).account,
    staleTime: 0,
  });
}

/** `GET /api/rejection-reasons`: the list an officer picks from, in the current language. */
export function rejectionReasonsQuery() {
  return queryOptions({
    queryKey: ['decisions', 'rejection-reasons', currentLocale()],
    queryFn: async ({ signal }) => (await apiRequest(rejectionReasons, { signal })).reasons,
    staleTime: 10 * 60 * 1000,
  });
}

export function downloadBankStatement(id: number, fallbackName: string) {
  return apiDownload(applicationBankStatementPath, { params: { id }, fallbackName });
}

/** Takes the application into review; `takeOver` takes it from the colleague who holds it. */
export function takeReview(id: number, takeOver = false) {
  return apiRequest(applicationTakeReview, {
    params: { id },
    ...(takeOver && { body: { take_over: true } }),
  });
}

export async function approveApplication(id: number, body: BodyOf<typeof applicationApprove>) {
  return (await apiRequest(applicationApprove, { params: { id }, body })).decision;
}

export async function confirmApproval(id: number) {
  return (await apiRequest(applicationConfirm, { params: { id } })).decision;
}

export async function rejectApplication(id: number, body: BodyOf<typeof applicationReject>) {
  return (await apiRequest(applicationReject, { params: { id }, body })).decision;
}
