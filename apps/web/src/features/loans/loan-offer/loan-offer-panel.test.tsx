import { computeOffer } from '@sesxi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, jsonResponse, requestsTo, type ApiAnswer } from '../../../test/api-fixtures';
import { bodyRowsOf, columnHeadersOf } from '../../../test/table';
import { loanOfferFixture, productFixture, renderLoanScreen } from '../loan-fixtures';

/** Georgian amounts keep their groups and the lari sign together with no-break spaces. */
const nbsp = '\u00a0';
/** An amount as formatMoney writes it: `lari('1 234,50')` → `1 234,50 ₾` with no-break spaces. */
const lari = (amount: string) => `${amount.replace(/ /g, nbsp)}${nbsp}₾`;

/** A computed amount the way the screen writes it (four-digit amounts are not grouped). */
const lariOf = (amount: number) => lari(amount.toFixed(2).replace('.', ','));

type User = ReturnType<typeof renderLoanScreen>['user'];

const field = (label: string) => screen.getByLabelText(label);
const panel = () => screen.getByRole('region', { name: 'სესხის გაანგარიშება' });

/** What the offer panel's list says for `term`. */
function offerValue(term: string): string | null | undefined {
  return within(panel()).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

async function enterTerms(user: User, amount: string, months: string) {
  await user.type(field('თანხა'), amount);
  await user.type(field('ვადა (თვე)'), months);
}

/** A schedule cell's amount in tetri (`1 234,56 ₾` → 123456). */
const tetriOf = (text: string | null) =>
  Math.round(Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.')) * 100);

/**
 * The loan screen at `path`, its form shown; from then on "today" in Tbilisi (the payout date
 * the offer assumes) is the hand-checked example's 2027-01-15. Only the clock is fake, not the
 * timers; it turns after the route's guard has checked the session's expiry against real time.
 */
async function renderOfferScreen(path: string, answers: Record<string, ApiAnswer> = {}) {
  const view = renderLoanScreen(path, answers);
  // The first render loads the route's chunk: slow on a busy machine.
  await screen.findByLabelText('თანხა', {}, { timeout: 5000 });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-01-15T08:00:00Z'));
  return view;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the live loan offer on /loan', () => {
  it('shows the hand-checked example’s figures and follows the amount and term', async () => {
    const { user } = await renderOfferScreen('/loan');
    expect(
      await within(await screen.findByRole('region', { name: 'სესხის გაანგარიშება' })).findByText(
        'გაანგარიშების სანახავად, გთხოვთ, მიუთითოთ თანხა და ვადა დასაშვებ ფარგლებში.',
      ),
    ).toBeInTheDocument();

    await enterTerms(user, '1000', '12');
    // contract/src/offer/offer.test.ts: 1,000 GEL, 12 months, 24% + 2% + 10 GEL + 2 GEL a month.
    expect(offerValue('ყოველთვიური შენატანი')).toBe(lari('96,56'));
    expect(offerValue('ეფექტური წლიური საპროცენტო განაკვეთი')).toBe('40,26%');
    expect(offerValue('დასაბრუნებელი ჯამური თანხა')).toBe(lari('1158,70'));
    expect(offerValue('სესხის ჯამური ღირებულება (პროცენტი და ყველა საკომისიო)')).toBe(
      lari('188,70'),
    );
    expect(offerValue('ერთჯერადი საკომისიო')).toBe(lari('30,00'));
    expect(offerValue('ხელზე მისაღები თანხა')).toBe(lari('970,00'));
    expect(offerValue('ნომინალური წლიური საპროცენტო განაკვეთი')).toBe('24,00%');

    await user.clear(field('ვადა (თვე)'));
    await user.type(field('ვადა (თვე)'), '24');
    const longer = computeOffer(productFixture, { amount: 1000, months: 24 }, '2027-01-15');
    expect(longer.monthly_payment).toBeLessThan(96.56);
    expect(offerValue('ყოველთვიური შენატანი')).toBe(lariOf(longer.monthly_payment));
    expect(offerValue('ეფექტური წლიური საპროცენტო განაკვეთი')).toBe(
      `${longer.effective_rate.toFixed(2).replace('.', ',')}%`,
    );

    await user.clear(field('თანხა'));
    await user.type(field('თანხა'), '2000');
    const larger = computeOffer(productFixture, { amount: 2000, months: 24 }, '2027-01-15');
    expect(offerValue('ყოველთვიური შენატანი')).toBe(lariOf(larger.monthly_payment));
    expect(offerValue('ერთჯერადი საკომისიო')).toBe(lari('50,00'));

    // Outside the limits there is nothing to compute.
    await user.clear(field('თანხა'));
    await user.type(field('თანხა'), '60000');
    expect(within(panel()).queryByText('ყოველთვიური შენატანი')).not.toBeInTheDocument();
  });

  it('keeps each slider and its field on the same value', async () => {
    const { user } = await renderOfferScreen('/loan');
    await enterTerms(user, '2000', '12');
    const amountSlider = screen.getByRole('slider', { name: 'თანხის არჩევა' });
    const monthsSlider = screen.getByRole('slider', { name: 'ვადის არჩევა' });
    expect(amountSlider).toHaveAttribute('aria-valuenow', '2000');
    expect(amountSlider).toHaveAttribute('aria-valuemin', '100');
    expect(amountSlider).toHaveAttribute('aria-valuemax', '50000');
    expect(amountSlider).toHaveAttribute('aria-valuetext', lari('2000,00'));
    expect(monthsSlider).toHaveAttribute('aria-valuenow', '12');
    expect(monthsSlider).toHaveAttribute('aria-valuetext', '12 თვე');

    amountSlider.focus();
    await user.keyboard('{ArrowRight}');
    expect(field('თანხა')).toHaveValue('2050');
    expect(amountSlider).toHaveAttribute('aria-valuenow', '2050');
    await user.keyboard('{End}');
    expect(field('თანხა')).toHaveValue('50 000');

    monthsSlider.focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(field('ვადა (თვე)')).toHaveValue('10');
    const offer = computeOffer(productFixture, { amount: 50_000, months: 10 }, '2027-01-15');
    expect(offerValue('ყოველთვიური შენატანი')).toBe(lariOf(offer.monthly_payment));

    await user.clear(field('ვადა (თვე)'));
    await user.type(field('ვადა (თვე)'), '36');
    expect(monthsSlider).toHaveAttribute('aria-valuenow', '36');
  });

  it('draws the schedule and lists every month behind a disclosure, the principal summing to the amount', async () => {
    const { user } = await renderOfferScreen('/loan');
    await enterTerms(user, '1000', '12');
    const offer = computeOffer(productFixture, { amount: 1000, months: 12 }, '2027-01-15');
    const lastInterest = lariOf(offer.schedule.at(-1)?.interest ?? 0);

    const chart = screen.getByRole('img', {
      name: `სვეტოვანი დიაგრამა, 12 ყოველთვიური შენატანი. ძირი ჯამში ${lari('1000,00')}, პროცენტი ჯამში ${lari('134,70')}. პროცენტი პირველ თვეში ${lari('20,00')}, ბოლო თვეში ${lastInterest}.`,
    });
    expect(chart.querySelectorAll('g')).toHaveLength(12);
    expect(
      screen.getByRole('figure', { name: 'დაფარვის გრაფიკი: ძირი და პროცენტი თვეების მიხედვით' }),
    ).toContainElement(chart);

    const disclosure = screen.getByRole('button', { name: 'დაფარვის სრული გრაფიკი' });
    expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table', { name: 'დაფარვის გრაფიკი' })).not.toBeInTheDocument();
    await user.click(disclosure);
    expect(disclosure).toHaveAttribute('aria-expanded', 'true');

    const table = screen.getByRole('table', { name: 'დაფარვის გრაფიკი' });
    expect(columnHeadersOf(table)).toEqual([
      '№',
      'თარიღი',
      'შენატანი',
      'ძირი',
      'პროცენტი',
      'საკომისიო',
      'დარჩენილი ძირი',
    ]);
    const rows = bodyRowsOf(table);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual([
      '1',
      '2027-02-15',
      lari('96,56'),
      lari('74,56'),
      lari('20,00'),
      lari('2,00'),
      lari('925,44'),
    ]);
    expect(rows[11]?.slice(0, 3)).toEqual(['12', '2028-01-15', lari('96,54')]);
    expect(rows[11]?.[6]).toBe(lari('0,00'));
    expect(rows.reduce((sum, row) => sum + tetriOf(row[3] ?? null), 0)).toBe(100_000);

    await user.click(disclosure);
    expect(screen.queryByRole('table', { name: 'დაფარვის გრაფიკი' })).not.toBeInTheDocument();
  });
});

describe('the affordability check on /loan', () => {
  it('asks the server once the amount and term settle, with the purpose once chosen', async () => {
    const { user, fetchMock } = await renderOfferScreen('/loan');
    await user.type(field('ვადა (თვე)'), '12');
    // 100 is already within the limits: only the settled 1000 is asked.
    await user.type(field('თანხა'), '1000');
    expect(requestsTo(fetchMock, 'POST /api/loan-offer')).toEqual([]);
    expect(
      await screen.findByText(
        'ეს პირობები თქვენს შემოსავალს შეესაბამება: სესხების ყოველთვიური გადასახადები შემოსავლის 20,00%-ს შეადგენს (ზღვარი 25,00%).',
      ),
    ).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/loan-offer')).toEqual([{ amount: 1000, months: 12 }]);

    await user.selectOptions(field('სესხის მიზანი'), 'ავტომობილის შეძენა');
    await user.clear(field('თანხა'));
    await user.type(field('თანხა'), '1 500,50');
    await waitFor(() => {
      expect(bodiesSentTo(fetchMock, 'POST /api/loan-offer')).toHaveLength(2);
    });
    expect(bodiesSentTo(fetchMock, 'POST /api/loan-offer')[1]).toEqual({
      amount: 1500.5,
      months: 12,
      loan_purpose_id: 2,
    });
  });

  it('says when the payment is too high and switches to an alternative in one click', async () => {
    const tooHigh: ApiAnswer = (body) => {
      const { amount, months } = body as { amount: number; months: number };
      if (amount <= 640 || months >= 24) return loanOfferFixture();
      return loanOfferFixture({
        pti: 31.12,
        limit: 25,
        fits: false,
        alternatives: [
          { kind: 'longer_term', amount: 1000, months: 24, monthly_payment: 54.87, pti: 24.87 },
          { kind: 'smaller_amount', amount: 640, months: 12, monthly_payment: 62.52, pti: 24.96 },
        ],
      });
    };
    const { user } = await renderOfferScreen('/loan', { 'POST /api/loan-offer': tooHigh });
    await enterTerms(user, '1000', '12');
    expect(
      await screen.findByText(
        'ამ პირობებით სესხების ყოველთვიური გადასახადები, არსებული ვალდებულებების ჩათვლით, თქვენი შემოსავლის 31,12%-ს შეადგენს, დასაშვები ზღვარი კი 25,00%-ია.',
      ),
    ).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: `ვადის გაზრდა: 24 თვე, ${lari('54,87')} თვეში` }),
    );
    expect(field('ვადა (თვე)')).toHaveValue('24');
    expect(field('თანხა')).toHaveValue('1000');
    expect(screen.getByRole('heading', { name: 'სესხის გაანგარიშება' })).toHaveFocus();
    expect(screen.getByRole('slider', { name: 'ვადის არჩევა' })).toHaveAttribute(
      'aria-valuenow',
      '24',
    );
    expect(
      await screen.findByText(/ეს პირობები თქვენს შემოსავალს შეესაბამება/),
    ).toBeInTheDocument();

    await user.clear(field('ვადა (თვე)'));
    await user.type(field('ვადა (თვე)'), '12');
    await user.click(
      await screen.findByRole('button', {
        name: `თანხის შემცირება: ${lari('640,00')}, ${lari('62,52')} თვეში`,
      }),
    );
    expect(field('თანხა')).toHaveValue('640');
    expect(field('ვადა (თვე)')).toHaveValue('12');
  });

  it('labels a PTI counted from the total owed as an estimate, with the way to make it exact', async () => {
    const estimated: ApiAnswer = (body) =>
      (body as { amount: number }).amount === 2000
        ? loanOfferFixture({
            pti: 45.5,
            limit: 50,
            fits: true,
            alternatives: [],
            obligations_estimated: true,
            obligations: 750,
          })
        : loanOfferFixture({ pti: 46, limit: 50, fits: true, alternatives: [], obligations: 400 });
    const { user } = await renderOfferScreen('/loan', { 'POST /api/loan-offer': estimated });
    await enterTerms(user, '2000', '12');
    expect(
      await screen.findByText(
        'ეს სავარაუდო შეფასებაა: არსებული სესხების ყოველთვიური გადასახადი გამოთვლილია თქვენი ჯამური ვალდებულებებიდან.',
        { exact: false },
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', {
        name: 'ზუსტი შემოწმებისთვის მიუთითეთ ყოველთვიური გადასახადი კითხვარში',
      }),
    ).toHaveAttribute('href', '/questionnaire-edit');

    // The customer's own monthly figure: the check is exact, and says nothing more.
    await user.clear(field('თანხა'));
    await user.type(field('თანხა'), '1000');
    expect(await screen.findByText(/შემოსავლის 46,00%-ს შეადგენს/)).toBeInTheDocument();
    expect(screen.queryByText(/სავარაუდო შეფასებაა/)).not.toBeInTheDocument();
  });

  it('says that the payments of the loans already approved here are counted too', async () => {
    const { user } = await renderOfferScreen('/loan', {
      'POST /api/loan-offer': () =>
        loanOfferFixture({
          pti: 31.2,
          limit: 50,
          fits: true,
          alternatives: [],
          obligations: 391.22,
          lender_obligations: 391.22,
        }),
    });
    await enterTerms(user, '1000', '12');
    expect(
      await screen.findByText(
        /^აქ ჩათვლილია ჩვენთან უკვე დამტკიცებული სესხების ყოველთვიური შენატანიც: 391,22\s₾\.$/,
      ),
    ).toBeInTheDocument();
  });

  it('stays quiet when the check fails: the computed figures still show', async () => {
    const { user } = await renderOfferScreen('/loan', {
      'POST /api/loan-offer': () =>
        jsonResponse({ status: 'error', message: 'სერვისთან დაკავშირება ვერ ხერხდება' }, 503),
    });
    await enterTerms(user, '1000', '12');
    expect(
      await screen.findByText(
        'შემოსავალთან შესაბამისობის შემოწმება ახლა ვერ მოხერხდა; ის განაცხადის გაგზავნისას შესრულდება.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(offerValue('ყოველთვიური შენატანი')).toBe(lari('96,56'));
  });
});

describe('the live loan offer on /loan-edit/{id}', () => {
  it('starts from the application’s amount and term', async () => {
    await renderOfferScreen('/loan-edit/4');
    const offer = computeOffer(productFixture, { amount: 1500.5, months: 12 }, '2027-01-15');
    await screen.findByRole('region', { name: 'სესხის გაანგარიშება' });
    expect(offerValue('ყოველთვიური შენატანი')).toBe(lariOf(offer.monthly_payment));
    expect(screen.getByRole('slider', { name: 'თანხის არჩევა' })).toHaveAttribute(
      'aria-valuenow',
      '1500',
    );
    expect(screen.getByRole('slider', { name: 'ვადის არჩევა' })).toHaveAttribute(
      'aria-valuenow',
      '12',
    );
  });
});
