import { formatLari, toGel } from '@sesxi/contract';
import { escapeHtml } from '#app/http/html.ts';
import {
  sandboxPayPath,
  type SandboxCardOrder,
} from '#app/integrations/card-gateway/sandbox-gateway.ts';
import { sandboxPage } from '#app/sandbox/sandbox-page.ts';

const title = 'სატესტო ბარათით გადახდა';

const outcomes: Record<SandboxCardOrder['status'], string> = {
  created: '',
  completed: 'გადახდა უკვე დადასტურებულია; ღილაკი აპლიკაციაში დაგაბრუნებთ.',
  rejected: 'გადახდა უკვე უარყოფილია; ღილაკი აპლიკაციაში დაგაბრუნებთ.',
};

/**
 * The sandbox's stand-in for the bank's card page (sandbox.md): the order's amount and one POST
 * form with two buttons named `action`, `approve` and `decline`. No script: the app's CSP allows
 * none inline.
 */
export function paymentPage(order: SandboxCardOrder): string {
  const action = `${sandboxPayPath}/${encodeURIComponent(order.orderId)}`;
  const answered = outcomes[order.status];
  return sandboxPage(
    title,
    `
    <h1>${title}</h1>
    <p class="note">ეს გვერდი მხოლოდ სატესტო (sandbox) რეჟიმში არსებობს და ცვლის ბანკის ბარათით გადახდის გვერდს.</p>
    <dl>
      <dt>თანხა</dt><dd>${escapeHtml(formatLari(toGel(order.amountTetri)))}</dd>
      <dt>შეკვეთა</dt><dd>${escapeHtml(order.reference)}</dd>
    </dl>
    ${answered ? `<p class="note">${answered}</p>` : ''}
    <form method="post" action="${action}">
      <button type="submit" name="action" value="approve">გადახდის დადასტურება</button>
      <button type="submit" name="action" value="decline" class="secondary">გადახდის უარყოფა</button>
    </form>`,
    `
    dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; }
    dt { color: #495057; }
    dd { margin: 0; font-weight: 600; }
    form { display: flex; gap: 0.75rem; flex-wrap: wrap; }
    button.secondary { background: #fff; color: #1864ab; border: 1px solid #1864ab; }
    button.secondary:hover { background: #e7f0fa; color: #0d3f6e; }`,
  );
}

export function orderNotFoundPage(): string {
  return sandboxPage(
    title,
    `
    <h1>${title}</h1>
    <p class="error" role="alert">გადახდის შეკვეთა ვერ მოიძებნა. დაბრუნდით აპლიკაციაში და დაიწყეთ თავიდან.</p>`,
  );
}
