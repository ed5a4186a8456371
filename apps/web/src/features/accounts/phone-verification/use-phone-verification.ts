import type { CodePurpose } from '@sesxi/contract';
import { useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/api-error';
import { formatTimestamp } from '../../../shared/format/date-time';
import { checkPhoneCode } from '../api/code-checking';
import { sendPhoneCode } from '../api/code-sending';
import { checkUnusedPhone } from '../api/phone-checking';
import { checkRegisteredPhone } from '../api/phone-checking-exists';
import { useCountdown } from '../../../shared/ui/use-countdown';

/** After a successful send, a new code can be asked for in 15 s (the server refuses sooner). */
const resendSeconds = 15;
/**
 * A click holds the send button for 30 s (spec §9: it looks disabled that long). A code that
 * went out replaces the hold with the 15-s resend wait, a 429 with its Retry-After; any other
 * failure keeps it, so a flaky connection cannot be hammered.
 */
const sendHoldSeconds = 30;

const codeLength = 4;
const completePhone = /^\d{9}$/;

/** Registration needs a phone no account uses; a restore, the phone of an account. */
const phoneCheckFor: Record<CodePurpose, (phone: string) => Promise<unknown>> = {
  registration: checkUnusedPhone,
  restore_password: checkRegisteredPhone,
};

type PhoneStatus = 'incomplete' | 'checking' | 'valid' | 'invalid';

/** The words to show for a failed call under `field`: its field errors, else the message. */
function messageFor(error: unknown, field: 'phone' | 'code'): string {
  if (error instanceof ApiError) return error.fieldErrors[field]?.join(' ') ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

function retryAfterOf(error: unknown): number | undefined {
  return error instanceof ApiError && error.httpStatus === 429
    ? (error.retryAfterSeconds ?? sendHoldSeconds)
    : undefined;
}

/**
 * The phone verification of spec §4, for the phone number the form holds: a complete number
 * is checked at once; a code can be asked for only while the number is valid, not yet
 * confirmed and no wait is running; the code field opens once a code was sent, a complete
 * code is checked at once, and a confirmed code locks it. Call `phoneChanged` on every edit
 * of the number: it starts everything over.
 */
export function usePhoneVerification(purpose: CodePurpose, phone: string) {
  // Bumped on every edit of the number: answers about an older number are dropped.
  const edition = useRef(0);
  const [phoneStatus, setPhoneStatus] = useState<PhoneStatus>('incomplete');
  const [phoneMessage, setPhoneMessage] = useState<string>();
  const [sending, setSending] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const [checkingCode, setCheckingCode] = useState(false);
  const [codeMessage, setCodeMessage] = useState<string>();
  const [confirmedAt, setConfirmedAt] = useState<string | null>(null);
  const sendWait = useCountdown();
  const codeWait = useCountdown();

  function phoneChanged(next: string) {
    if (next === phone) return;
    edition.current += 1;
    const asked = edition.current;
    setPhoneMessage(undefined);
    setCodeSent(false);
    setCode('');
    setCodeMessage(undefined);
    setConfirmedAt(null);
    if (!completePhone.test(next)) {
      setPhoneStatus('incomplete');
      return;
    }
    setPhoneStatus('checking');
    void phoneCheckFor[purpose](next).then(
      () => {
        if (edition.current === asked) setPhoneStatus('valid');
      },
      (error: unknown) => {
        if (edition.current !== asked) return;
        setPhoneStatus('invalid');
        setPhoneMessage(messageFor(error, 'phone'));
      },
    );
  }

  const confirmed = confirmedAt !== null;
  const canSendCode = phoneStatus === 'valid' && !confirmed && sendWait.seconds === 0 && !sending;

  function sendCode() {
    if (!canSendCode) return;
    const asked = edition.current;
    sendWait.start(sendHoldSeconds);
    setSending(true);
    setPhoneMessage(undefined);
    void sendPhoneCode({ phone, purpose })
      .then(
        () => {
          sendWait.start(resendSeconds);
          if (edition.current !== asked) return;
          setCodeSent(true);
          setCode('');
          setCodeMessage(undefined);
        },
        (error: unknown) => {
          const retryAfter = retryAfterOf(error);
          if (retryAfter !== undefined) sendWait.start(retryAfter);
          if (edition.current === asked) setPhoneMessage(messageFor(error, 'phone'));
        },
      )
      .finally(() => {
        setSending(false);
      });
  }

  function codeChanged(raw: string) {
    const next = raw.replace(/\D/g, '').slice(0, codeLength);
    const asked = edition.current;
    setCode(next);
    setCodeMessage(undefined);
    if (next.length !== codeLength) return;
    setCheckingCode(true);
    void checkPhoneCode({ phone, code: next, purpose })
      .then(
        () => {
          if (edition.current === asked) setConfirmedAt(formatTimestamp());
        },
        (error: unknown) => {
          if (edition.current !== asked) return;
          const retryAfter = retryAfterOf(error);
          if (retryAfter !== undefined) codeWait.start(retryAfter);
          setCodeMessage(messageFor(error, 'code'));
        },
      )
      .finally(() => {
        setCheckingCode(false);
      });
  }

  return {
    phoneStatus,
    /** Why the number cannot be used: the phone check's or the code request's answer. */
    phoneMessage,
    phoneChanged,
    canSendCode,
    sending,
    sendCode,
    /** Seconds until a code can be asked for again. */
    sendWaitSeconds: sendWait.seconds,
    codeSent,
    code,
    codeChanged,
    checkingCode,
    /** Seconds the server asked us to wait before the next code guess. */
    codeWaitSeconds: codeWait.seconds,
    codeMessage,
    /** `YYYY-MM-DD HH:mm:ss` of the confirmation, or null while the number is not confirmed. */
    confirmedAt,
  };
}

export type PhoneVerification = ReturnType<typeof usePhoneVerification>;
