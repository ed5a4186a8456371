import { escapeHtml } from '#app/http/html.ts';
import { sandboxPage } from '#app/sandbox/sandbox-page.ts';
import { seededIdentities } from './identities.ts';

/** The form's fields as typed, shown again with the error when they do not sign in. */
export interface SignInForm {
  personal_number: string;
  name: string;
  surname: string;
}

const emptyForm: SignInForm = { personal_number: '', name: '', surname: '' };

/**
 * The sandbox's sign-in page (sandbox.md): one plain POST form with personal_number, name and
 * surname and two `action` buttons (approve, deny), and a one-click button per seeded identity
 * (named `identity`, so the form's own buttons stay the only `action` buttons). No script: the
 * app's CSP allows none inline.
 */
export function signInPage(
  uid: string,
  { form = emptyForm, error }: { form?: SignInForm; error?: string } = {},
): string {
  const action = `/dev-idp/interaction/${encodeURIComponent(uid)}`;
  const field = (name: keyof SignInForm, label: string, extra = '') => `
      <label>${label}
        <input name="${name}" value="${escapeHtml(form[name])}" autocomplete="off" ${extra}>
      </label>`;
  const identities = seededIdentities
    .map(
      (identity) => `
        <li><button type="submit" name="identity" value="${identity.personalNumber}">
          ${escapeHtml(`${identity.name} ${identity.surname}`)}
          <small>${identity.personalNumber} · ${escapeHtml(identity.outcome)}</small>
        </button></li>`,
    )
    .join('');
  return page(
    'შესვლა სატესტო SSO-თი',
    `
    <h1>სატესტო იდენტიფიკაცია</h1>
    <p class="note">ეს გვერდი მხოლოდ სატესტო (sandbox) რეჟიმში არსებობს: შედით ნებისმიერი 11-ნიშნა პირადი ნომრით.</p>
    ${error === undefined ? '' : `<p class="error" role="alert">${escapeHtml(error)}</p>`}
    <form method="post" action="${action}">
      ${field('personal_number', 'პირადი ნომერი', 'inputmode="numeric" maxlength="11"')}
      ${field('name', 'სახელი')}
      ${field('surname', 'გვარი')}
      <div class="actions">
        <button type="submit" name="action" value="approve">შესვლა</button>
        <button type="submit" name="action" value="deny" class="secondary">უარყოფა</button>
      </div>
    </form>
    <h2>სატესტო პირები</h2>
    <form method="post" action="${action}">
      <ul class="identities">${identities}</ul>
    </form>`,
  );
}

/**
 * An error in Georgian with the way back: a link to the app (`backTo`, its home), where the
 * customer starts the sign-in again.
 */
export function errorPage(message: string, backTo: string): string {
  return page(
    'სატესტო SSO — შეცდომა',
    `<h1>სატესტო იდენტიფიკაცია</h1>
    <p class="error" role="alert">${escapeHtml(message)}</p>
    <p><a class="back" href="${escapeHtml(backTo)}">დაბრუნება Sesxi-ზე</a></p>`,
  );
}

const style = `
    label { display: block; margin-bottom: 0.75rem; }
    input { display: block; width: 100%; box-sizing: border-box; padding: 0.5rem; font-size: 1rem; margin-top: 0.25rem; }
    button.secondary { background: #e9ecef; color: #1a1b1e; }
    button.secondary:hover, .identities button:hover { background: #dee2e6; }
    .actions { display: flex; gap: 0.5rem; }
    .identities { list-style: none; padding: 0; }
    .identities button { width: 100%; text-align: left; margin-bottom: 0.4rem; background: #f1f3f5; color: #1a1b1e; }
    .identities small { display: block; color: #495057; }
    a.back { color: #1864ab; font-weight: 600; }
    a.back:hover { color: #0d3f6e; }`;

function page(title: string, body: string): string {
  return sandboxPage(title, body, style);
}
