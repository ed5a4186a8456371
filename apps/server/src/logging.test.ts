import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, requestIdOf, withoutQueryValues } from './logging.ts';

describe('log redaction', () => {
  it('hides passwords, tokens, authorization and one-time codes, keeping error codes', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const options = loggerOptions('info');
    const app = Fastify({ logger: { ...(typeof options === 'object' ? options : {}), stream } });
    app.log.info(
      {
        password: 'hunter2',
        user: { apiToken: 'tok-1', password_confirmation: 'hunter2' },
        body: { phone: '599000111', code: '4821' },
        headers: { authorization: 'Bearer tok-2' },
        err: { code: 'ECONNREFUSED' },
      },
      'probe',
    );
    await app.close();
    const logged = lines.join('');
    for (const secret of ['hunter2', 'tok-1', 'tok-2', '4821']) {
      expect(logged).not.toContain(secret);
    }
    expect(logged).toContain('ECONNREFUSED');
    expect(logged).toContain('599000111');
  });
});

describe('log events', () => {
  it('hears the event of every line, writing only the lines LOG_LEVEL lets through', async () => {
    const heard: [string, unknown][] = [];
    for (const level of ['warn', 'silent', 'debug'] as const) {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      });
      const options = loggerOptions(level, stream, (event, fields) => {
        heard.push([event, fields.userId]);
      });
      const app = Fastify({ logger: options });
      const child = app.log.child({ reqId: 'r-1' });
      child.info({ event: 'registered', userId: 7 }, 'account registered');
      child.warn({ event: 'sda_refused', userId: 8 }, 'refused');
      child.debug({ event: 'never_at_debug' }, 'below info');
      app.log.info({ userId: 9 }, 'no event');
      await app.close();
      const logged = lines.join('');
      expect([level, logged.includes('account registered')]).toEqual([level, level === 'debug']);
      expect([level, logged.includes('refused')]).toEqual([level, level !== 'silent']);
    }
    expect(heard).toEqual([
      ['registered', 7],
      ['sda_refused', 8],
      ['registered', 7],
      ['sda_refused', 8],
      ['registered', 7],
      ['sda_refused', 8],
      ['never_at_debug', undefined],
    ]);
  });
});

describe('withoutQueryValues', () => {
  it('keeps the path and the parameter names, never the values', () => {
    expect(withoutQueryValues('/identomat?session_token=s3cr3t&x=1')).toBe(
      '/identomat?session_token=&x=',
    );
    expect(withoutQueryValues('/api/app/contact/main')).toBe('/api/app/contact/main');
  });
});

describe('requestIdOf', () => {
  const withHeader = (value?: string) => ({
    headers: value === undefined ? {} : { 'x-request-id': value },
  });

  it('keeps a well-formed incoming id and makes a UUID otherwise', () => {
    expect(requestIdOf(withHeader('edge-7f3a.1'))).toBe('edge-7f3a.1');
    expect(requestIdOf(withHeader())).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(requestIdOf(withHeader('a'.repeat(101)))).not.toBe('a'.repeat(101));
    expect(requestIdOf(withHeader('x\ny'))).not.toBe('x\ny');
  });
});
