import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Text kept sealed at rest with AES-256-GCM under a key derived from a server secret: what is
 * waiting in the database to be texted (a one-time code, a new password) is unreadable to
 * anyone who reads the table but not the server's configuration.
 */
export function createTextSeal(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'sesxi', 'queued texts', 32));
  return {
    seal(text: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
    },

    /** The text, or an error when it was sealed under another secret or changed. */
    open(sealed: string): string {
      const [iv = '', tag = '', body = ''] = sealed.split('.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

export type TextSeal = ReturnType<typeof createTextSeal>;
