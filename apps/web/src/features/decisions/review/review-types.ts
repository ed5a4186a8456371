import type { applicationReview, ResponseOf } from '@sesxi/contract';

/** Everything the review page shows, as the server answers it. */
export type Review = ResponseOf<typeof applicationReview>;
