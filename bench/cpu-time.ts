import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

/** CPU time (user and system) a process has used, in µs: /proc/<pid>/stat's utime + stime. */
function cpuMicrosOfPid(pid: string): number {
  try {
    // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1_000_000;
  } catch {
    return 0; // The process ended between the listing and the read.
  }
}

function commandOf(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * The CPU time, in µs, that the process `pid` and every process named `postgres` on this
 * machine (the server's backends and helpers) have used so far. Linux only: elsewhere, or
 * for a PostgreSQL on another machine, the database's share reads 0.
 */
export function cpuMicros(pid: number): { process: number; postgres: number } {
  const postgres = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && commandOf(entry) === 'postgres')
    .reduce((sum, entry) => sum + cpuMicrosOfPid(entry), 0);
  return { process: cpuMicrosOfPid(String(pid)), postgres };
}
