import { redirect, type LoaderFunctionArgs } from 'react-router';
import { i18next } from '../../shared/i18n/i18n';
import { notify, type Notification } from '../../shared/notifications/notification-store';
import { session } from '../../shared/session/session';
import { fetchDocumentCheckResult } from './api/identomat-result';
import { documentCheckFailureMessage } from './failure-message';

async function judge(sessionToken: string | null): Promise<Notification> {
  if (!sessionToken) return { type: 'error', text: i18next.t('identomat.failed') };
  try {
    const answer = await fetchDocumentCheckResult(sessionToken);
    if (answer.status === 'success') {
      session.update({ is_identomat_verified: true });
      return { type: 'success', text: answer.text };
    }
    return { type: 'error', text: answer.text || i18next.t('identomat.failed') };
  } catch (error) {
    return { type: 'error', text: documentCheckFailureMessage(error) };
  }
}

/**
 * `/identomat?session_token=…`, where the provider sends the customer back: asks the server for
 * the verdict, tells the customer and goes to /main. A loader runs once per visit (not twice like
 * a StrictMode effect), so the result is fetched once.
 */
export async function identomatReturnLoader({ request }: LoaderFunctionArgs) {
  notify(await judge(new URL(request.url).searchParams.get('session_token')));
  return redirect('/main');
}
