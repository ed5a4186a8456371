import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { quietUntil, type QuietHours } from '#app/config/quiet-hours.ts';
import type { Database } from '#app/db/database.ts';
import { JobPostponed, type NewJob } from '#app/modules/jobs/index.ts';
import { createTextSeal } from '#app/security/sealed-text.ts';

/** The kind of job that texts one message through the SMS port. */
export const sendSmsJob = 'sms.send';

/** A text message to send: to whom, what, and (a one-time code) until when it is worth sending. */
export interface Sms {
  phone: string;
  text: string;
  /** Past this moment the text is dropped unsent: a code that arrives late only confuses. */
  expiresAt?: Date;
  /** A text that can wait (a reminder): held back in `SMS_QUIET_HOURS`, sent when they end. */
  notInQuietHours?: boolean;
}

/** Queues and sends text messages (the app's `sms`). */
export interface SmsQueue {
  /** Queues a text in the transaction `db` of the change that causes it; answers its job. */
  queue: (db: Database, sms: Sms) => Promise<number>;
  /** Queues texts in one statement (close of day's reminders), in the transaction `db`. */
  queueMany: (db: Database, texts: readonly Sms[]) => Promise<number[]>;
  /** Tries to send a queued text now; when the gateway fails, the job retries it. */
  sendNow: (job: number) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsQueue;
  }
}

const payload = z.object({
  phone: z.string(),
  sealed: z.string(),
  expires_at: z.iso.datetime().nullable(),
  not_in_quiet_hours: z.boolean().optional(),
});

/**
 * Texts that are never lost: every SMS is a job written with the change that causes it and
 * sent by whichever instance claims it, retried with backoff while the gateway fails. The
 * text waits sealed (a code, a new password) and is forgotten once sent; a code past its
 * expiry is dropped rather than sent late. A text that can wait is held back in the quiet
 * hours (real Tbilisi time), queued or retried into them, and goes out when they end.
 */
const sms: FastifyPluginCallback<{ sealSecret: string; quietHours: QuietHours | undefined }> = (
  app,
  { sealSecret, quietHours },
  done,
) => {
  const seal = createTextSeal(sealSecret);

  const jobOf = ({ phone, text, expiresAt, notInQuietHours = false }: Sms): NewJob => ({
    kind: sendSmsJob,
    payload: {
      phone,
      sealed: seal.seal(text),
      expires_at: expiresAt?.toISOString() ?? null,
      ...(notInQuietHours && { not_in_quiet_hours: true }),
    },
    runAt: notInQuietHours ? quietUntil(quietHours, app.clock.now()) : undefined,
  });

  app.decorate('sms', {
    queue: (db, text) => {
      const { kind, payload, runAt } = jobOf(text);
      return app.jobs.enqueue(db, kind, payload, { runAt });
    },
    queueMany: (db, texts) => app.jobs.enqueueMany(db, texts.map(jobOf)),
    async sendNow(job) {
      try {
        await app.jobs.runNow(job);
      } catch (error) {
        app.log.warn({ err: error, jobId: job }, 'a text is sent later');
      }
    },
  });

  app.jobs.handle(
    sendSmsJob,
    async (job) => {
      const { phone, sealed, expires_at: expiresAt, not_in_quiet_hours } = payload.parse(job);
      const heldUntil = not_in_quiet_hours ? quietUntil(quietHours, app.clock.now()) : undefined;
      if (heldUntil) throw new JobPostponed(heldUntil);
      if (expiresAt !== null && new Date(expiresAt) <= app.clock.now()) {
        app.log.warn({ event: 'sms_expired', phone }, 'a text expired before the gateway took it');
        return;
      }
      await app.smsSender.send(phone, seal.open(sealed));
    },
    // The gateway gives up after 10 s; a text still unsent after about five hours of tries
    // is given up (a code in it expired long before).
    { timeoutMs: 30_000, maxAttempts: 12, forgetPayload: true },
  );
  done();
};

export default fp(sms, { name: 'sms', dependencies: ['jobs', 'integrations'] });
