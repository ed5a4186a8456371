import { fieldError } from '#app/errors.ts';

/** Sends one text message. `phone` is a Georgian mobile number typed without +995: 5XXXXXXXX. */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

const mobileNumber = /^5\d{8}$/;

/**
 * Every implementation calls this first: nothing but a Georgian mobile number may reach a
 * gateway (premium and foreign numbers are how SMS pumping makes money).
 */
export function requireMobileNumber(phone: string): void {
  if (!mobileNumber.test(phone)) throw fieldError('phone', 'validation.phone');
}
