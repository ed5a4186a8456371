import { screen, within } from '@testing-library/react';
import type { CustomerDecision, LoanListItem } from '@sesxi/contract';
import { describe, expect, it } from 'vitest';
import { contactFixture, jsonResponse, mockFetch } from '../../../test/api-fixtures';
import { renderRoutes } from '../../../test/render';
import { setLocale } from '../../../shared/i18n/i18n';
import { RejectedNextSteps } from './rejected-next-steps';

const rejection: CustomerDecision = {
  state: 'rejected',
  amount: null,
  months: null,
  monthly_payment: null,
  effective_rate: null,
  reasons: ['გაქვთ ვადაგადაცილებული დავალიანება'],
  reason_codes: ['overdue_debt'],
  decided_at: '2026-11-23 11:40:05',
  schedule: [],
};

const loan: LoanListItem = {
  id: 377,
  created_at: '2026-11-20 10:00:00',
  amount: 3000,
  months: 12,
  monthly_payment: 290.1,
  effective_rate: 30.2,
  loan_status: { code: 'rejected', name: 'უარყოფილია' },
  decision: rejection,
  next_step: null,
};

function renderSteps(decision: CustomerDecision, contact = () => jsonResponse(contactFixture)) {
  mockFetch(contact);
  return renderRoutes([
    { path: '*', Component: () => <RejectedNextSteps loan={loan} decision={decision} /> },
  ]);
}

const smallerLoan =
  'ყოველთვიური შენატანი თქვენს შემოსავალთან შედარებით მაღალი აღმოჩნდა. ახალ განაცხადში სცადეთ უფრო მცირე თანხა ან უფრო ხანგრძლივი ვადა: ასე შენატანი შემცირდება.';

describe('the next steps after a rejection', () => {
  it('says when the application was rejected, that the customer may apply again at once, and links to a new application', async () => {
    renderSteps(rejection);
    const steps = await screen.findByRole('region', { name: 'რა შეგიძლიათ გააკეთოთ შემდეგ' });
    expect(within(steps).getByText('განაცხადი №377 უარყოფილია 2026-11-23 11:40.')).toBeVisible();
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ახალი განაცხადის შევსება ნებისმიერ დროს შეგიძლიათ.']);
    expect(within(steps).getByRole('link', { name: 'ახალი განაცხადი' })).toHaveAttribute(
      'href',
      '/loan',
    );
  });

  it.each([['income_too_low'], ['too_many_obligations']])(
    'suggests a smaller amount or a longer term when a reason is %s',
    async (code) => {
      renderSteps({ ...rejection, reason_codes: ['overdue_debt', code] });
      const steps = await screen.findByRole('region', { name: 'რა შეგიძლიათ გააკეთოთ შემდეგ' });
      expect(
        within(steps)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['ახალი განაცხადის შევსება ნებისმიერ დროს შეგიძლიათ.', smallerLoan]);
    },
  );

  it('gives the lender’s hotline and e-mail from the contact call, to call or write', async () => {
    renderSteps(rejection);
    const steps = await screen.findByRole('region', { name: 'რა შეგიძლიათ გააკეთოთ შემდეგ' });
    expect(await within(steps).findByRole('link', { name: '032 2 00 00 00' })).toHaveAttribute(
      'href',
      'tel:0322000000',
    );
    expect(within(steps).getByText('კითხვების შემთხვევაში დაგვიკავშირდით:')).toBeVisible();
    expect(within(steps).getByRole('link', { name: 'info@sesxi.ge' })).toHaveAttribute(
      'href',
      'mailto:info@sesxi.ge',
    );
  });

  it('leaves the contacts out when they cannot be loaded, keeping the rest', async () => {
    renderSteps(rejection, () => jsonResponse({ status: 'error', message: 'x' }, 503));
    const steps = await screen.findByRole('region', { name: 'რა შეგიძლიათ გააკეთოთ შემდეგ' });
    expect(within(steps).getByRole('link', { name: 'ახალი განაცხადი' })).toBeInTheDocument();
    expect(within(steps).queryByText('კითხვების შემთხვევაში დაგვიკავშირდით:')).toBeNull();
  });

  it('speaks English too', async () => {
    await setLocale('en');
    try {
      renderSteps({ ...rejection, reason_codes: ['income_too_low'] });
      const steps = await screen.findByRole('region', { name: 'What you can do next' });
      expect(
        within(steps).getByText('Application No. 377 was rejected on 2026-11-23 11:40.'),
      ).toBeVisible();
      expect(
        within(steps)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'You may apply again at any time.',
        'The monthly payment was high for your income. In a new application, try a smaller amount or a longer term: it lowers the payment.',
      ]);
      expect(await within(steps).findByText('If you have questions, contact us:')).toBeVisible();
    } finally {
      await setLocale('ka');
    }
  });
});
