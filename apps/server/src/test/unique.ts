/** The personal-number endings whose sandbox services answer other than success (sandbox.md). */
const sandboxOutcomeEndings = /9[1-8]$/;

/**
 * Mobile numbers `prefix` + a counter: each test file takes its own prefix, so codes, counters
 * and accounts never cross tests. Numbers ending 91–98 are skipped: a customer's personal number
 * ends like their phone, and those endings pick the sandbox's refusals and outages.
 */
export function phoneSeries(prefix: string): () => string {
  let issued = 0;
  return () => {
    let phone: string;
    do {
      issued += 1;
      phone = `${prefix}${String(issued).padStart(9 - prefix.length, '0')}`;
    } while (sandboxOutcomeEndings.test(phone));
    return phone;
  };
}
