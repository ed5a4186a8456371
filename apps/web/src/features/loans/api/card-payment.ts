import { access, defineEndpoint, success, type BodyOf } from '@sesxi/contract';
import { z } from 'zod';
import { apiRequest } from '../../../shared/api/api-client';

export const cardPaymentPurposes = ['instalment', 'prepayment'] as const;
export type CardPaymentPurpose = (typeof cardPaymentPurposes)[number];
export const prepaymentKeeps = ['term', 'payment'] as const;
export type PrepaymentKeep = (typeof prepaymentKeeps)[number];

/**
 * `POST /api/loans/{id}/card-payments {amount, purpose, keep?}` → `{status, redirect_url}`, as
 * issue 29 gives it. Typed here until the contract package has it (branch `card-payments`);
 * then this gives way to the contract's endpoint.
 */
const cardPaymentCreate = defineEndpoint({
  method: 'POST',
  path: '/api/loans/:id/card-payments',
  access: access.onboarded,
  params: z.object({ id: z.number().int() }),
  body: z.object({
    amount: z.number(),
    purpose: z.enum(cardPaymentPurposes),
    keep: z.enum(prepaymentKeeps).optional(),
  }),
  response: success({ redirect_url: z.string() }),
});

export type CardPayment = BodyOf<typeof cardPaymentCreate>;

/** Orders a card payment at the gateway; the answer is the gateway's page to go to. */
export async function startCardPayment(loanId: number, payment: CardPayment): Promise<string> {
  return (await apiRequest(cardPaymentCreate, { params: { id: loanId }, body: payment }))
    .redirect_url;
}
