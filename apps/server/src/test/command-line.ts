import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * Runs a command-line script in a process of its own on the embedded database in `dataDir`;
 * answers its exit code and output.
 */
export async function runScript(script: string, dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [script, ...args], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}
