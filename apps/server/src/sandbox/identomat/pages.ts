import { escapeHtml } from '#app/http/html.ts';
import { sandboxPage } from '#app/sandbox/sandbox-page.ts';
import type { SandboxSession } from '#app/integrations/identomat/sandbox-sessions.ts';
import { sandboxPagePath } from '#app/integrations/identomat/sandbox-verifier.ts';

const documentNames: Record<string, string> = { id: 'პირადობის მოწმობა', passport: 'პასპორტი' };

/** What the sandbox will answer for this person (sandbox.md, by the personal number's end). */
function outcomeOf(personalNumber: string): string {
  if (personalNumber.endsWith('93')) {
    return 'წარდგენილი იქნება სხვისი დოკუმენტი: გვარი და დოკუმენტის ნომერი არ დაემთხვევა, მსგავსება 41%.';
  }
  if (personalNumber.endsWith('94')) {
    return 'შედეგის მოთხოვნისას სერვისი მიუწვდომელი იქნება.';
  }
  return 'დოკუმენტი და სახე დაემთხვევა (მსგავსება 90–99%).';
}

/**
 * The sandbox's stand-in for Identomat's widget (sandbox.md): whose document will be shown and
 * one POST form whose button finishes the check. No script: the app's CSP allows none inline.
 */
export function verificationPage(session: SandboxSession): string {
  const action = `${sandboxPagePath}/${encodeURIComponent(session.sessionToken)}`;
  const facts: [string, string][] = [
    ['სახელი, გვარი', `${session.name} ${session.surname}`],
    ['პირადი ნომერი', session.personalNumber],
    ['დოკუმენტი', documentNames[session.documentType] ?? session.documentType],
    ['დოკუმენტის ნომერი', session.documentNumber],
  ];
  const list = facts
    .map(([term, value]) => `<dt>${term}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  const finished = session.completedAt
    ? '<p class="note">შემოწმება უკვე დასრულებულია; ღილაკი აპლიკაციაში დაგაბრუნებთ.</p>'
    : '';
  return page(
    `
    <h1>სატესტო დოკუმენტის შემოწმება</h1>
    <p class="note">ეს გვერდი მხოლოდ სატესტო (sandbox) რეჟიმში არსებობს და ცვლის Identomat-ის ვიჯეტს.</p>
    <dl>${list}</dl>
    <p>${outcomeOf(session.personalNumber)}</p>
    ${finished}
    <form method="post" action="${action}">
      <button type="submit">შემოწმების დასრულება</button>
    </form>`,
  );
}

export function sessionNotFoundPage(): string {
  return page(`
    <h1>სატესტო დოკუმენტის შემოწმება</h1>
    <p class="error" role="alert">შემოწმების სესია ვერ მოიძებნა. დაბრუნდით აპლიკაციაში და დაიწყეთ თავიდან.</p>`);
}

const style = `
    dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; }
    dt { color: #495057; }
    dd { margin: 0; font-weight: 600; }`;

function page(body: string): string {
  return sandboxPage('სატესტო დოკუმენტის შემოწმება', body, style);
}
