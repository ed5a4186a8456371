export { cardPaymentRoutes, type CardPaymentRoutesOptions } from './routes.ts';
export type { PaymentToPost, PostPayment } from './post-payment.ts';
