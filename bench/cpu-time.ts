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

/** The CPU time, in µs, that a process and every PostgreSQL process have used so far. */
export interface CpuSnapshot {
  process: number;
  /** By process id: every process named `postgres` on this machine, backends and helpers. */
  postgres: Map<string, number>;
}

/**
 * A snapshot of the CPU time of the process `pid` and of PostgreSQL's processes. Linux only:
 * elsewhere, or for a PostgreSQL on another machine, the database's share reads 0.
 */
export function cpuSnapshot(pid: number): CpuSnapshot {
  const postgres = new Map(
    readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry) && commandOf(entry) === 'postgres')
      .map((entry) => [entry, cpuMicrosOfPid(entry)] as const),
  );
  return { process: cpuMicrosOfPid(String(pid)), postgres };
}

/**
 * The CPU time, in µs, used between two snapshots. PostgreSQL's share sums the processes
 * alive at the end (one begun in between counts whole): a backend that ended in between,
 * such as an idle pool connection closed while another server was measured, takes its whole
 * past with it, which would make the sum fall.
 */
export function cpuUsed(before: CpuSnapshot, after: CpuSnapshot) {
  let postgres = 0;
  for (const [pid, micros] of after.postgres) postgres += micros - (before.postgres.get(pid) ?? 0);
  return { process: after.process - before.process, postgres };
}
