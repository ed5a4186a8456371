/**
 * Calls `run` every `pollMs`, never while the previous call is still going (a tick that
 * finds it busy is skipped, not queued). Answers how to stop: no new call, the last one awaited.
 */
export function poll(run: () => Promise<unknown>, pollMs: number) {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= run().finally(() => {
      running = undefined;
    });
  }, pollMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
