import { cardPaymentCreate, type BodyOf } from '@sesxi/contract';
import { apiRequest } from '../../../shared/api/api-client';

export type CardPayment = BodyOf<typeof cardPaymentCreate>;

/** Orders a card payment at the gateway; the answer is the gateway's page to go to. */
export async function startCardPayment(loanId: number, payment: CardPayment): Promise<string> {
  return (await apiRequest(cardPaymentCreate, { params: { id: loanId }, body: payment }))
    .redirect_url;
}
