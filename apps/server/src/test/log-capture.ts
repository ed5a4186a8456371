import { Writable } from 'node:stream';

/** A log stream that keeps every line, parsed, for tests of what the server logs. */
export function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) {
        if (line !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return {
    stream,
    lines,
    /** The lines of one security event (`event` field). */
    events: (event: string) => lines.filter((line) => line.event === event),
  };
}
