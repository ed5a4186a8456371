import { toGel, toTetri } from '@sesxi/contract';
import { ServiceUnavailableError } from '#app/errors.ts';
import type { CreditBureau } from './credit-bureau.ts';

/**
 * sandbox.md: a personal number ending in 95 has a loan 90 or more days overdue, in 96 finds
 * the bureau unreachable; anyone else has one loan in good standing whose monthly payment is
 * 10% of the declared salary (not of the whole income: transfers, pension and entrepreneur
 * income leave it unchanged).
 */
export const sandboxCreditBureau: CreditBureau = {
  report({ personalNumber, declaredSalary }) {
    if (personalNumber.endsWith('96')) {
      return Promise.reject(
        new ServiceUnavailableError('credit_bureau', {
          cause: new Error('sandbox: bureau unreachable'),
        }),
      );
    }
    const monthlyPayment = toGel(Math.round(toTetri(declaredSalary) / 10));
    const overdue = personalNumber.endsWith('95');
    return Promise.resolve({
      loans: [
        {
          lender: overdue ? 'სს მიკროსაფინანსო ორგანიზაცია' : 'სს ბანკი',
          monthly_payment: monthlyPayment,
          outstanding: Math.round(monthlyPayment * 1800) / 100,
          overdue_days: overdue ? 120 : 0,
        },
      ],
      enquiries: overdue ? 6 : 1,
      score: overdue ? 412 : 705,
    });
  },
};
