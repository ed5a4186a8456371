import type { applicationReview, ResponseOf } from '@sesxi/contract';

/** Everything the review page shows, as the server answers it. */
export type Review = ResponseOf<typeof applicationReview>;

/** A person's name as the page writes it. */
export function personName(someone: { name: string; surname: string }): string {
  return `${someone.name} ${someone.surname}`;
}
