/** A steady load of requests from several concurrent clients, counting every answer. */

export interface LoadReport {
  total: number;
  /** How many answers each status got; a request that got no answer counts under 0. */
  byStatus: Map<number, number>;
  /** Which instances answered (HAProxy's `X-Served-By`). */
  servedBy: Set<string>;
  /** The status of each answer in the order they came. */
  timeline: { path: string; status: number }[];
}

export interface LoadRequest {
  path: string;
  init: RequestInit;
}

export function startLoad(
  baseUrl: string,
  next: (worker: number, sent: number) => LoadRequest,
  { workers = 6 }: { workers?: number } = {},
) {
  const report: LoadReport = { total: 0, byStatus: new Map(), servedBy: new Set(), timeline: [] };
  let running = true;

  async function worker(index: number) {
    for (let sent = 0; running; sent++) {
      const { path, init } = next(index, sent);
      let status = 0;
      try {
        const response = await fetch(`${baseUrl}${path}`, init);
        await response.arrayBuffer();
        status = response.status;
        const instance = response.headers.get('x-served-by');
        if (instance) report.servedBy.add(instance);
      } catch {
        // no answer at all: counted as status 0
      }
      report.total++;
      report.byStatus.set(status, (report.byStatus.get(status) ?? 0) + 1);
      report.timeline.push({ path, status });
    }
  }

  const all = Promise.all(Array.from({ length: workers }, (_, index) => worker(index)));
  return {
    report,
    async stop(): Promise<LoadReport> {
      running = false;
      await all;
      return report;
    },
  };
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
