import { computeOffer } from '@sesxi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { formatPercent } from '../../../shared/format/percent';
import {
  bodiesSentTo,
  fieldErrors,
  jsonResponse,
  ok,
  requestsTo,
  type ApiAnswer,
} from '../../../test/api-fixtures';
import { renderApp } from '../../../test/render-app';
import { session } from '../../../shared/session/session';
import {
  awaitingDecision,
  officerFixture,
  paperworkFixture,
  reviewFixture,
  secondOfficer,
} from '../test-fixtures';
import type { Review } from './review-types';

const reviewCall = 'GET /api/applications/41';

function openReview(review: Review | (() => Review), answers: Record<string, ApiAnswer> = {}) {
  session.set(officerFixture);
  return renderApp('/applications/41', {
    [reviewCall]: () => jsonResponse(typeof review === 'function' ? review() : review),
    [`${reviewCall}/contract`]: () => jsonResponse(paperworkFixture()),
    'GET /api/rejection-reasons': () =>
      jsonResponse({
        status: 'success',
        reasons: [
          { code: 'income', text: 'შემოსავალი არასაკმარისია' },
          { code: 'bureau', text: 'საკრედიტო ისტორია' },
          { code: 'documents', text: 'დოკუმენტები' },
        ],
      }),
    ...answers,
  });
}

const section = (name: string) => screen.findByRole('region', { name });

describe('/applications/{id}', () => {
  it('lists the customer’s other applications and loans, and the loans’ payments the PTI counts', async () => {
    const review = reviewFixture({
      customer_applications: [
        {
          id: 37,
          status: { code: 'approved', name: 'დამტკიცებულია' },
          created_at: '2026-11-02 09:30:00',
          amount: 12000,
          months: 36,
          monthly_payment: 391.22,
        },
        {
          id: 30,
          status: { code: 'cancelled', name: 'გაუქმებულია' },
          created_at: '2026-10-01 12:00:00',
          amount: 500,
          months: 6,
          monthly_payment: null,
        },
      ],
    });
    openReview({
      ...review,
      offer: review.offer && { ...review.offer, lender_obligations: 391.22 },
    });
    const others = await section('მომხმარებლის სხვა განაცხადები და სესხები');
    const rows = within(others).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['2026-11-02 09:30', '12\u00a0000,00\u00a0₾', '36 თვე', 'დამტკიცებულია', '391,22\u00a0₾'],
      ['2026-10-01 12:00', '500,00\u00a0₾', '6 თვე', 'გაუქმებულია', '—'],
    ]);
    const affordability = await section('გადახდისუნარიანობა');
    expect(within(affordability).getByText('391,22 ₾')).toBeInTheDocument();
  });

  it('shows the offer, affordability, bureau report and recommendation as advice', async () => {
    openReview(reviewFixture());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'განაცხადი № 41' }),
    ).toBeInTheDocument();
    const offer = await section('შეთავაზება');
    expect(within(offer).getByText('820,50 ₾')).toBeInTheDocument();
    expect(within(offer).getByText('28,73%')).toBeInTheDocument();
    const affordability = await section('გადახდისუნარიანობა');
    expect(within(affordability).getByText('PTI კითხვარის მიხედვით: 27,35%')).toBeInTheDocument();
    expect(
      within(affordability).getByText('PTI საკრედიტო ბიუროს მიხედვით: 30,68%'),
    ).toBeInTheDocument();
    const bureau = await section('საკრედიტო ბიუროს ანგარიში');
    expect(within(bureau).getByRole('rowheader', { name: 'თიბისი ბანკი' })).toBeInTheDocument();
    const history = await section('სტატუსების ისტორია');
    expect(
      within(history)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '2026-11-20 10:15:00',
      'თანხმობა გაცემულია',
      'წარდგენილია',
      'სისტემა',
      'წარდგენილია იდენტიფიკაციის შემდეგ',
    ]);
    const recommendation = await section('რეკომენდაცია');
    expect(
      within(recommendation).getByText('ეს მხოლოდ რჩევაა: გადაწყვეტილებას ოფიცერი იღებს.'),
    ).toBeInTheDocument();
  });

  it('flags a loan 90+ days overdue, and says a pending report is asked again', async () => {
    const overdue = reviewFixture();
    if (overdue.bureau.state === 'ready') {
      overdue.bureau.report.loans = [
        { lender: 'ბანკი', monthly_payment: 100, outstanding: 900, overdue_days: 95 },
      ];
    }
    const { unmount } = openReview(overdue);
    const bureau = await section('საკრედიტო ბიუროს ანგარიში');
    expect(
      within(bureau).getByText(
        'სერიოზული საფრთხის ნიშანი: სესხი 90 ან მეტი დღით ვადაგადაცილებულია',
      ),
    ).toBeInTheDocument();
    expect(within(bureau).getByText('95 დღე')).toBeInTheDocument();
    unmount();
    openReview(
      reviewFixture({
        bureau: { state: 'pending', requested_at: '2026-11-20 10:16:00', attempts: 2 },
      }),
    );
    expect(await screen.findByText(/მოთხოვნა ავტომატურად მეორდება/)).toBeInTheDocument();
  });

  it('sums up what decides the case: terms, price, PTI, the bureau’s red flag, documents, advice, holder', async () => {
    const overdue = reviewFixture({ recommendation: { verdict: 'reject', for: [], against: [] } });
    if (overdue.bureau.state === 'ready') {
      overdue.bureau.report.loans = [
        { lender: 'ბანკი', monthly_payment: 100, outstanding: 900, overdue_days: 95 },
      ];
    }
    openReview(overdue);
    const summary = await section('შეჯამება');
    const figure = (term: string) =>
      within(summary)
        .getByText(term, { selector: 'dt' })
        .nextElementSibling?.textContent.replace(/\s/g, ' ');
    expect(figure('მოთხოვნილი თანხა')).toBe('15 000,00 ₾');
    expect(figure('მოთხოვნილი ვადა')).toBe('24 თვე');
    expect(figure('ყოველთვიური შენატანი')).toBe('820,50 ₾');
    expect(figure('ეფექტური განაკვეთი')).toBe('28,73%');
    expect(figure('საკრედიტო ბიურო')).toBe('⚠ ვადაგადაცილება 90+ დღე');
    expect(within(summary).getByText('ვადაგადაცილება 90+ დღე')).toHaveStyle({
      color: 'var(--mantine-color-red-9)',
    });
    expect(figure('დოკუმენტის შემოწმება')).toBe('არ არის');
    expect(figure('რეკომენდაცია')).toBe('უარყოფა');
    expect(figure('ოფიცერი')).toBe('გიორგი ლომიძე');
    const pti = within(summary).getByRole('button', { name: 'PTI: რას ნიშნავს?' });
    expect(pti.closest('dt')?.nextElementSibling?.textContent.replace(/\s/g, ' ')).toBe(
      '30,68% (ლიმიტი 50,00%, ბიუროს მიხედვით)✓ ლიმიტის ფარგლებშია',
    );
    expect(
      within(summary).getByRole('button', { name: /^საბანკო ამონაწერის ჩამოტვირთვა/ }),
    ).toBeVisible();
  });

  it('explains PTI on hover, and on a tap or the keyboard until Escape', async () => {
    const { user } = openReview(reviewFixture());
    const summary = await section('შეჯამება');
    const pti = within(summary).getByRole('button', { name: 'PTI: რას ნიშნავს?' });
    const explanation = /^PTI \(გადასახდელის შეფარდება შემოსავალთან\)/;
    expect(screen.queryByText(explanation)).toBeNull();
    await user.hover(pti);
    expect(await screen.findByText(explanation)).toBeVisible();
    expect(pti).toHaveAttribute('aria-expanded', 'true');
    await user.unhover(pti);
    await waitFor(() => {
      expect(screen.queryByText(explanation)).toBeNull();
    });

    pti.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(explanation)).toBeVisible();
    expect(pti).toHaveAttribute('aria-controls', screen.getByText(explanation).parentElement?.id);
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByText(explanation)).toBeNull();
    });
  });

  it('shows a consent’s wording in a dialog', async () => {
    const { user } = openReview(reviewFixture());
    const show = await screen.findByRole('button', {
      name: 'ტექსტის ნახვა: საკრედიტო ბიუროს შემოწმება',
    });
    // The accessible name starts with the visible label (axe's label-content-name-mismatch).
    expect(show).toHaveTextContent('ტექსტის ნახვა');
    await user.click(show);
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('ვეთანხმები საკრედიტო ბიუროში ჩემი მონაცემების გადამოწმებას.'),
    ).toBeInTheDocument();
  });

  it('takes a new application into review', async () => {
    let taken = false;
    const { user, fetchMock } = openReview(
      () =>
        reviewFixture({
          application: {
            ...reviewFixture().application,
            status: taken
              ? { code: 'under_review', name: 'განხილვაში' }
              : { code: 'submitted', name: 'წარდგენილი' },
          },
        }),
      {
        'POST /api/applications/41/review': () => {
          taken = true;
          return ok();
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'განსახილველად აღება' }));
    expect(await screen.findByRole('button', { name: 'დამტკიცება' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('განაცხადი თქვენს განხილვაშია');
    expect(requestsTo(fetchMock, 'POST /api/applications/41/review')).toHaveLength(1);
  });

  it('shows a colleague’s application read-only, with a take-over that records from whom', async () => {
    let takenOver = false;
    const { user, fetchMock } = openReview(
      () =>
        reviewFixture({
          held_by_colleague: !takenOver,
          history: [
            ...reviewFixture().history,
            ...(takenOver
              ? [
                  {
                    from: 'under_review',
                    to: 'under_review',
                    actor: secondOfficer,
                    reason: 'take_over',
                    at: '2026-11-20 12:00:00',
                    taken_over_from: { id: 2, name: 'გიორგი', surname: 'ლომიძე' },
                  },
                ]
              : []),
          ],
        }),
      {
        'POST /api/applications/41/review': () => {
          takenOver = true;
          return ok();
        },
      },
    );
    expect(
      await screen.findByText(
        'განაცხადს განიხილავს გიორგი ლომიძე. გადაწყვეტილების მისაღებად, გთხოვთ, ჯერ გადაიბაროთ განაცხადი.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'დამტკიცება' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'უარყოფა' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'ჩემზე გადაბარება' }));
    expect(await screen.findByRole('button', { name: 'დამტკიცება' })).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/applications/41/review')).toEqual([
      { take_over: true },
    ]);
    const history = await section('სტატუსების ისტორია');
    expect(
      within(history).getByText('გადაიბარა (წინა ოფიცერი: გიორგი ლომიძე)'),
    ).toBeInTheDocument();
  });

  it('approves the asked terms at most in a dialog, with server errors under the fields', async () => {
    const { user, fetchMock } = openReview(reviewFixture(), {
      'POST /api/applications/41/approve': (body) =>
        (body as { months: number }).months === 3
          ? fieldErrors({ months: ['ვადა მინიმუმ 6 თვეა'] })
          : jsonResponse({ status: 'success', decision: awaitingDecision }),
    });
    await user.click(await screen.findByRole('button', { name: 'დამტკიცება' }));
    const dialog = await screen.findByRole('dialog', { name: 'განაცხადის დამტკიცება' });
    const amount = within(dialog).getByRole('textbox', { name: 'თანხა' });
    const months = within(dialog).getByRole('textbox', { name: 'ვადა (თვე)' });
    expect(amount).toHaveValue('15 000');
    expect(months).toHaveValue('24');
    const approve = within(dialog).getByRole('button', { name: 'დიახ, დამტკიცება' });

    await user.clear(amount);
    await user.type(amount, '16000');
    await user.click(approve);
    await waitFor(() => {
      expect(amount).toBeInvalid();
    });
    expect(amount).toHaveAccessibleDescription(
      expect.stringContaining('აღემატება მომხმარებლის მიერ მოთხოვნილს'),
    );

    await user.clear(amount);
    await user.type(amount, '12000');
    await user.clear(months);
    await user.type(months, '3');
    // Left, the amount is grouped as money is written.
    expect(amount).toHaveValue('12 000');
    expect(within(dialog).getByText('დავამტკიცოთ 12 000,00 ₾ 3 თვით?')).toBeVisible();
    await user.click(approve);
    await waitFor(() => {
      expect(months).toHaveAccessibleDescription(expect.stringContaining('ვადა მინიმუმ 6 თვეა'));
    });

    await user.clear(months);
    await user.type(months, '24');
    await user.click(approve);
    await waitFor(() => {
      expect(bodiesSentTo(fetchMock, 'POST /api/applications/41/approve')).toEqual([
        { amount: 12000, months: 3 },
        { amount: 12000, months: 24 },
      ]);
    });
  });

  it('says in the dialog when the amount needs a second officer, with the offer recomputed', async () => {
    const review = reviewFixture();
    const { user } = openReview(review);
    await user.click(await screen.findByRole('button', { name: 'დამტკიცება' }));
    const dialog = await screen.findByRole('dialog', { name: 'განაცხადის დამტკიცება' });
    const notice = '10 000,00 ₾-ზე მეტი თანხის დამტკიცება მეორე ოფიცერმა უნდა დაადასტუროს';
    expect(within(dialog).getByText(notice, { exact: false })).toBeVisible();
    // As the screen reads them: testing-library's text has plain spaces.
    const shown = (text: string) => within(dialog).getByText(text.replace(/\s/g, ' '));
    const offerOf = (amount: number, months: number) =>
      computeOffer(review.approval.pricing, { amount, months }, formatTimestamp().slice(0, 10));
    const asked = offerOf(15000, 24);
    expect(shown(formatMoney(asked.monthly_payment))).toBeVisible();
    expect(shown(formatPercent(asked.effective_rate))).toBeVisible();

    const amount = within(dialog).getByRole('textbox', { name: 'თანხა' });
    await user.clear(amount);
    await user.type(amount, '10000');
    await user.clear(within(dialog).getByRole('textbox', { name: 'ვადა (თვე)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'ვადა (თვე)' }), '12');
    expect(within(dialog).queryByText(notice, { exact: false })).toBeNull();
    const typed = offerOf(10000, 12);
    expect(typed.monthly_payment).not.toBe(asked.monthly_payment);
    expect(shown(formatMoney(typed.monthly_payment))).toBeVisible();
    expect(shown(formatPercent(typed.effective_rate))).toBeVisible();
  });

  it('confirms a decision on the page where it was made, focused, the page loaded again', async () => {
    let approved = false;
    const { user, fetchMock } = openReview(
      () =>
        reviewFixture({
          application: {
            ...reviewFixture().application,
            status: approved
              ? { code: 'approved', name: 'დამტკიცებულია' }
              : { code: 'under_review', name: 'განხილვაში' },
          },
          decision: approved
            ? { ...awaitingDecision, amount: 8000, state: 'approved' as const }
            : null,
        }),
      {
        'POST /api/applications/41/approve': () => {
          approved = true;
          return jsonResponse({
            status: 'success',
            decision: { ...awaitingDecision, amount: 8000, state: 'approved' },
          });
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'დამტკიცება' }));
    const dialog = await screen.findByRole('dialog', { name: 'განაცხადის დამტკიცება' });
    const amount = within(dialog).getByRole('textbox', { name: 'თანხა' });
    await user.clear(amount);
    await user.type(amount, '8000');
    await user.click(within(dialog).getByRole('button', { name: 'დიახ, დამტკიცება' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('განაცხადი დამტკიცებულია');
    await waitFor(() => {
      expect(done).toHaveFocus();
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, reviewCall).length).toBeGreaterThanOrEqual(2);
    expect(await screen.findByText(/^8000,00 ₾ 24 თვით/)).toBeInTheDocument();
    // Said here, not left for the next page.
    expect(localStorage.getItem('notification')).toBeNull();
  });

  it('tells the approving officer the approval waits for a second one, with no confirm', async () => {
    openReview(reviewFixture({ decision: awaitingDecision, viewer_is_approver: true }));
    expect(
      await screen.findByText('დაამტკიცა გიორგი ლომიძე: ელოდება მეორე ოფიცრის დადასტურებას'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'დამტკიცების დადასტურება' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'დამტკიცება' })).toBeNull();
  });

  it('says why an officer may not decide (their own application) and offers no action', async () => {
    openReview(
      reviewFixture({
        decision: awaitingDecision,
        viewer_refusal: 'საკუთარ განაცხადზე გადაწყვეტილებას ვერ მიიღებთ',
      }),
    );
    expect(
      await screen.findByText('საკუთარ განაცხადზე გადაწყვეტილებას ვერ მიიღებთ'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'დამტკიცების დადასტურება' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'უარყოფა' })).toBeNull();
  });

  it('lets a second officer confirm, after a confirmation', async () => {
    let confirmed = false;
    const { user, fetchMock } = openReview(
      () =>
        reviewFixture({
          decision: confirmed
            ? { ...awaitingDecision, state: 'approved' as const, confirmed_by: secondOfficer }
            : awaitingDecision,
        }),
      {
        'POST /api/applications/41/confirm': () => {
          confirmed = true;
          return jsonResponse({
            status: 'success',
            decision: { ...awaitingDecision, state: 'approved' },
          });
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'დამტკიცების დადასტურება' }));
    const dialog = await screen.findByRole('dialog', { name: 'დამტკიცების დადასტურება' });
    await user.click(within(dialog).getByRole('button', { name: 'დიახ, დადასტურება' }));
    expect(await screen.findByText(/დაადასტურა ნატო ხარაძე/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('დამტკიცება დადასტურებულია');
    expect(requestsTo(fetchMock, 'POST /api/applications/41/confirm')).toHaveLength(1);
  });

  it('shows both four-eyes steps: the first approval and the confirmation, each with its time', async () => {
    openReview(
      reviewFixture({
        decision: {
          ...awaitingDecision,
          state: 'approved',
          confirmed_by: secondOfficer,
          confirmed_at: '2026-11-20 12:30:00',
        },
        history: [
          {
            from: 'under_review',
            to: 'under_review',
            actor: { id: 2, name: 'გიორგი', surname: 'ლომიძე' },
            reason: 'first_approval',
            at: '2026-11-20 11:00:00',
            taken_over_from: null,
          },
          {
            from: 'under_review',
            to: 'approved',
            actor: secondOfficer,
            reason: 'confirm',
            at: '2026-11-20 12:30:00',
            taken_over_from: null,
          },
        ],
      }),
    );
    expect(
      await screen.findByText(
        'გადაწყვიტა გიორგი ლომიძე, 2026-11-20 11:00:00 · დაადასტურა ნატო ხარაძე, 2026-11-20 12:30:00',
      ),
    ).toBeInTheDocument();
    const history = await section('სტატუსების ისტორია');
    expect(within(history).getByText('დამტკიცდა (ელოდება მეორე ოფიცერს)')).toBeInTheDocument();
    expect(within(history).getByText('დაადასტურა მეორე ოფიცერმა')).toBeInTheDocument();
  });

  it('rejects with the chosen reasons and an internal note, said on the spot', async () => {
    const { user, fetchMock } = openReview(reviewFixture(), {
      'POST /api/applications/41/reject': () =>
        jsonResponse({
          status: 'success',
          decision: {
            state: 'rejected',
            amount: null,
            months: null,
            monthly_payment: null,
            effective_rate: null,
            reasons: ['შემოსავალი არასაკმარისია'],
            decided_at: '2026-11-20 11:00:00',
          },
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'უარყოფა' }));
    const dialog = await screen.findByRole('dialog', { name: 'განაცხადის უარყოფა' });
    const reject = within(dialog).getByRole('button', { name: 'დიახ, უარყოფა' });
    await waitFor(() => {
      expect(reject).toBeEnabled();
    });
    await user.click(reject);
    expect(await within(dialog).findByText('გთხოვთ, აირჩიოთ მინიმუმ ერთი მიზეზი')).toBeVisible();
    await user.click(within(dialog).getByRole('checkbox', { name: 'შემოსავალი არასაკმარისია' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'საკრედიტო ისტორია' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'შენიშვნა (მომხმარებელს არ ეჩვენება)' }),
      'შიდა შენიშვნა',
    );
    await user.click(reject);
    await waitFor(() => {
      expect(bodiesSentTo(fetchMock, 'POST /api/applications/41/reject')).toEqual([
        { reason_codes: ['income', 'bureau'], note: 'შიდა შენიშვნა' },
      ]);
    });
    expect(await screen.findByRole('status')).toHaveTextContent('განაცხადი უარყოფილია');
  });

  it('shows a rejection’s internal note to every credit officer', async () => {
    openReview(
      reviewFixture({
        application: {
          ...reviewFixture().application,
          status: { code: 'rejected', name: 'უარყოფილი' },
        },
        decision: {
          ...awaitingDecision,
          state: 'rejected',
          amount: null,
          months: null,
          monthly_payment: null,
          effective_rate: null,
          reasons: ['შემოსავალი არასაკმარისია'],
          internal_note: 'ბიუროს ვადაგადაცილება',
        },
      }),
    );
    const decision = await section('გადაწყვეტილება');
    expect(within(decision).getByText('შიდა შენიშვნა (მომხმარებელს არ ეჩვენება)')).toBeVisible();
    expect(within(decision).getByText('ბიუროს ვადაგადაცილება')).toBeVisible();
  });

  it('shows a 409 in the server’s words, focused, and loads the application again', async () => {
    const { user, fetchMock } = openReview(reviewFixture(), {
      'POST /api/applications/41/approve': () =>
        jsonResponse({ status: 'error', message: 'განაცხადი უკვე შეიცვალა' }, 409),
    });
    await user.click(await screen.findByRole('button', { name: 'დამტკიცება' }));
    await user.click(await screen.findByRole('button', { name: 'დიახ, დამტკიცება' }));
    const alert = await screen.findByText('განაცხადი უკვე შეიცვალა');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(alert.closest('[role="alert"]')).toHaveFocus();
    });
    expect(requestsTo(fetchMock, reviewCall).length).toBeGreaterThanOrEqual(2);
  });
});
