import { describe, expect, it } from 'vitest';
import {
  composeFixed,
  inTableOrder,
  isSecret,
  missingAhead,
  read,
  readmeNames,
  requiredInProduction,
} from './support.ts';

interface Entry {
  name: string;
  value: string;
  /** The marks in the comment lines just above it. */
  marks: string[];
}

const markWords = ['REQUIRED', 'SECRET', '[compose]'];
const text = read('deploy/env.example');
const [serverPart = '', composePart = ''] = text.split(/^# --- compose\.yaml's own services.*$/m);

function entries(part: string): Entry[] {
  const lines = part.split('\n');
  return lines.flatMap((line, index) => {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match) return [];
    let start = index;
    while (lines[start - 1]?.startsWith('#')) start -= 1;
    const comment = lines.slice(start, index).join(' ');
    const marks = comment.split(/\s+/).filter((word) => markWords.includes(word));
    return [{ name: match[1] ?? '', value: match[2] ?? '', marks }];
  });
}

const server = entries(serverPart);
const composeOnly = entries(composePart);
const marked = (mark: string) =>
  server.filter((entry) => entry.marks.includes(mark)).map((entry) => entry.name);

describe('deploy/env.example', () => {
  it("lists every variable of the README's table, in its order", () => {
    const names = server.map((entry) => entry.name);
    expect(inTableOrder(names)).toEqual(inTableOrder(readmeNames()));
    expect(missingAhead(names)).toEqual([]);
  });

  it('marks REQUIRED exactly what production refuses to start without', () => {
    expect(marked('REQUIRED').sort()).toEqual(requiredInProduction().sort());
  });

  it('marks every credential SECRET, and leaves each one empty', () => {
    expect(marked('SECRET')).toEqual(server.map((entry) => entry.name).filter(isSecret));
    const secrets = [...server, ...composeOnly].filter((entry) => isSecret(entry.name));
    for (const entry of secrets) {
      expect(entry.value, entry.name).toBe('');
      expect(entry.marks, entry.name).toContain('SECRET');
    }
  });

  it('marks [compose] exactly what compose.yaml sets for its own stack', () => {
    expect(marked('[compose]').sort()).toEqual(composeFixed().sort());
  });

  it('ends with the variables of compose.yaml itself, and names all that it reads', () => {
    expect(composeOnly.map((entry) => entry.name)).toEqual([
      'POSTGRES_PASSWORD',
      'MINIO_ROOT_PASSWORD',
      'PUBLIC_HOST',
      'HTTPS_PORT',
    ]);
    const listed = new Set([...server, ...composeOnly].map((entry) => entry.name));
    const read_ = [...read('compose.yaml').matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map(
      ([, name]) => name ?? '',
    );
    expect(read_.filter((name) => !listed.has(name))).toEqual([]);
  });

  it('has APP_URL at the address Caddy serves', () => {
    const value = (name: string) =>
      [...server, ...composeOnly].find((entry) => entry.name === name)?.value ?? '';
    const url = new URL(value('APP_URL'));
    expect(url.protocol).toBe('https:');
    expect(url.hostname).toBe(value('PUBLIC_HOST'));
    expect(url.port || '443').toBe(value('HTTPS_PORT'));
  });
});
