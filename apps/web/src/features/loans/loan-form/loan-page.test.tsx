import { bankStatementMaxBytes } from '@sesxi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldErrors, formDataSentTo, jsonResponse, requestsTo } from '../../../test/api-fixtures';
import { mockXhr } from '../../../test/xhr-fixtures';
import { renderLoanScreen, statementFile } from '../loan-fixtures';

/** Georgian amounts keep their groups and the lari sign together with no-break spaces. */
const nbsp = '\u00a0';

type User = ReturnType<typeof renderLoanScreen>['user'];

const field = (label: string) => screen.getByLabelText(label);
const continueButton = () => screen.getByRole('button', { name: 'გაგრძელება' });

async function fillIn(user: User, file: File | null = statementFile()) {
  await user.type(await screen.findByLabelText('თანხა'), '1 500,50');
  await user.type(field('ვადა (თვე)'), '12');
  await user.selectOptions(field('სესხის მიზანი'), 'ავტომობილის შეძენა');
  if (file) await user.upload(field('საბანკო ამონაწერი'), file);
}

describe('/loan', () => {
  it('says in Georgian what the file field does and which file is chosen', async () => {
    const { user } = renderLoanScreen('/loan');
    const input = await screen.findByLabelText('საბანკო ამონაწერი');
    expect(input).toHaveAttribute('type', 'file');
    expect(screen.getByText('ფაილის არჩევა')).toBeInTheDocument();
    expect(screen.getByText('ფაილი არჩეული არ არის')).toBeInTheDocument();

    await user.upload(input, statementFile());
    expect(screen.getByText('არჩეული ფაილი: ამონაწერი.pdf')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('არჩეული ფაილი: ამონაწერი.pdf'),
    );
  });

  it('shows the server’s limits as hints and leads back to /main', async () => {
    renderLoanScreen('/loan');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ახალი განაცხადი' }),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('თანხა')).toHaveAccessibleDescription(
      `მინიმუმ 100,00${nbsp}₾, მაქსიმუმ 50${nbsp}000,00${nbsp}₾`,
    );
    expect(field('ვადა (თვე)')).toHaveAccessibleDescription('მინიმუმ 3, მაქსიმუმ 48 თვე');
    expect(field('საბანკო ამონაწერი')).toHaveAccessibleDescription(
      'PDF, JPEG ან PNG ფორმატის ერთი ფაილი, მაქსიმუმ 10 მბ. ფაილი არჩეული არ არის',
    );
    expect(screen.getByRole('link', { name: 'უკან' })).toHaveAttribute('href', '/main');
    expect(screen.getByRole('link', { name: 'გაუქმება' })).toHaveAttribute('href', '/main');
  });

  it('refuses an amount over the product’s maximum in the server’s words, before sending', async () => {
    const { user, fetchMock } = renderLoanScreen('/loan');
    await fillIn(user);
    await user.clear(field('თანხა'));
    await user.type(field('თანხა'), '50 000,01');
    await user.click(continueButton());
    // The contract's message, as the server's 422 words it (server: loan-offers.test.ts).
    await waitFor(() => {
      expect(field('თანხა')).toHaveAccessibleDescription(
        expect.stringContaining(`თანხა უნდა იყოს მაქსიმუმ 50${nbsp}000,00${nbsp}₾`),
      );
    });
    await user.clear(field('თანხა'));
    await user.type(field('თანხა'), '99,99');
    await user.click(continueButton());
    await waitFor(() => {
      expect(field('თანხა')).toHaveAccessibleDescription(
        expect.stringContaining(`თანხა უნდა იყოს მინიმუმ 100,00${nbsp}₾`),
      );
    });
    expect(requestsTo(fetchMock, 'POST /api/loans')).toEqual([]);
  });

  it('sends each field JSON-encoded and the file raw, with a progress bar, then the review', async () => {
    const sent = mockXhr();
    let answer: (response: Response) => void = () => undefined;
    const { user, fetchMock, router } = renderLoanScreen('/loan', {
      'POST /api/loans': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const file = statementFile();
    await fillIn(user, file);
    await user.click(continueButton());

    const progress = await screen.findByRole('progressbar', { name: 'განაცხადის გაგზავნა' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    sent[0]?.reportProgress(1024, 2048);
    await waitFor(() => {
      expect(progress).toHaveAttribute('aria-valuenow', '50');
    });
    expect(screen.getByText('გაგზავნილია 50%')).toBeInTheDocument();

    const [body] = formDataSentTo(fetchMock, 'POST /api/loans');
    expect([...(body?.keys() ?? [])]).toEqual(['amount', 'months', 'loan_purpose_id', 'file']);
    expect(body?.get('amount')).toBe('1500.5');
    expect(body?.get('months')).toBe('12');
    expect(body?.get('loan_purpose_id')).toBe('2');
    expect(body?.get('file')).toBeInstanceOf(File);
    expect((body?.get('file') as File).name).toBe(file.name);
    expect(sent[0]?.headers.get('Authorization')).toBe('Bearer token-abc');

    answer(jsonResponse({ status: 'success', id: 7 }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/questionnaire-review/7');
    });
  });

  it('shows the server’s field errors under their fields', async () => {
    mockXhr();
    const { user, router } = renderLoanScreen('/loan', {
      'POST /api/loans': () =>
        fieldErrors({
          amount: ['თანხა შეიძლება შეიცავდეს მაქსიმუმ 2 ათწილად ნიშანს'],
          months: ['მნიშვნელობა უნდა იყოს მაქსიმუმ 36'],
          loan_purpose_id: ['მნიშვნელობა არასწორია'],
          file: ['ფაილი უნდა იყოს PDF, JPEG ან PNG ფორმატში'],
        }),
    });
    await fillIn(user);
    await user.click(continueButton());

    await waitFor(() => {
      expect(field('თანხა')).toHaveAccessibleDescription(
        expect.stringContaining('თანხა შეიძლება შეიცავდეს მაქსიმუმ 2 ათწილად ნიშანს'),
      );
    });
    expect(field('თანხა')).toHaveFocus();
    expect(field('ვადა (თვე)')).toHaveAccessibleDescription(
      expect.stringContaining('მნიშვნელობა უნდა იყოს მაქსიმუმ 36'),
    );
    expect(field('სესხის მიზანი')).toHaveAccessibleDescription('მნიშვნელობა არასწორია');
    expect(field('საბანკო ამონაწერი')).toHaveAccessibleDescription(
      expect.stringContaining('ფაილი უნდა იყოს PDF, JPEG ან PNG ფორმატში'),
    );
    expect(field('საბანკო ამონაწერი')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/loan');
  });

  it('checks the limits and the file before sending', async () => {
    mockXhr();
    const { user, fetchMock } = renderLoanScreen('/loan');
    await user.click(await screen.findByRole('button', { name: 'გაგრძელება' }));
    expect(field('თანხა')).toHaveAccessibleDescription(
      expect.stringContaining('ველის შევსება სავალდებულოა'),
    );
    expect(field('საბანკო ამონაწერი')).toHaveAccessibleDescription(
      expect.stringContaining('გთხოვთ, ატვირთოთ საბანკო ამონაწერი'),
    );

    await user.type(field('თანხა'), '50');
    await user.type(field('ვადა (თვე)'), '6,5');
    await user.upload(field('საბანკო ამონაწერი'), statementFile(bankStatementMaxBytes + 1));
    await user.click(continueButton());
    expect(field('თანხა')).toHaveAccessibleDescription(
      expect.stringContaining('თანხა უნდა იყოს მინიმუმ 100,00\u00a0₾'),
    );
    expect(field('ვადა (თვე)')).toHaveAccessibleDescription(
      expect.stringContaining('შეიყვანეთ მთელი რიცხვი'),
    );
    expect(field('სესხის მიზანი')).toHaveAccessibleDescription('ველის შევსება სავალდებულოა');
    expect(field('საბანკო ამონაწერი')).toHaveAccessibleDescription(
      expect.stringContaining('ფაილის ზომა არ უნდა აღემატებოდეს 10 მბ-ს'),
    );
    expect(requestsTo(fetchMock, 'POST /api/loans')).toEqual([]);
  });

  it('points to the application that is still open', async () => {
    mockXhr();
    const message = 'თქვენ უკვე გაქვთ მიმდინარე განაცხადი №4, გთხოვთ, ჯერ დაასრულოთ ან გააუქმოთ ის';
    const { user } = renderLoanScreen('/loan', {
      'POST /api/loans': () => jsonResponse({ status: 'error', message, loan_id: 4 }, 409),
    });
    await fillIn(user);
    await user.click(continueButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    // /main offers it at its step, or to withdraw it if it is sent already.
    expect(screen.getByRole('link', { name: 'მიმდინარე განაცხადის გახსნა' })).toHaveAttribute(
      'href',
      '/main',
    );
  });

  it('says where the application starts: the first of four steps', async () => {
    renderLoanScreen('/loan');
    await screen.findByLabelText('თანხა');
    const steps = screen.getByRole('list', { name: 'განაცხადის ეტაპები' });
    expect(within(steps).getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'step');
    expect(within(steps).getAllByRole('listitem')[0]).toHaveTextContent('თანხა და ვადა');
  });

  it.each([
    ['submitted', 'გაგზავნილი', 'განაცხადის გამოთხოვა'],
    ['consented', 'თანხმობა მიცემულია', 'განაცხადის გაუქმება'],
  ])(
    'offers the open %s application instead of a form to fill in for nothing',
    async (code, name, cancelLabel) => {
      renderLoanScreen('/loan', {
        'GET /api/loans-show': () =>
          jsonResponse({
            status: 'success',
            loans: [
              {
                id: 4,
                created_at: '2026-11-22 12:00:00',
                amount: 1500.5,
                months: 12,
                monthly_payment: 140.1,
                effective_rate: 30.5,
                loan_status: { code, name },
              },
            ],
          }),
      });
      expect(
        await screen.findByText(
          'თქვენ უკვე გაქვთ მიმდინარე განაცხადი, ამიტომ ახლის შევსება ჯერ შეუძლებელია.',
        ),
      ).toBeInTheDocument();
      const open = screen.getByRole('region', { name: 'მიმდინარე განაცხადი' });
      expect(open).toHaveTextContent(`სტატუსი: ${name}`);
      expect(within(open).getByRole('button', { name: cancelLabel })).toBeEnabled();
      expect(screen.queryByLabelText('თანხა')).not.toBeInTheDocument();
      expect(screen.queryByLabelText('საბანკო ამონაწერი')).not.toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'განაცხადის ეტაპები' })).not.toBeInTheDocument();
    },
  );
});
