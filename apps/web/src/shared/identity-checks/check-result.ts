/**
 * Reading the provider's result JSON as stored with a check. Its shape is the provider's, so
 * every field is optional and checked before use.
 */
type ProviderResult = Record<string, unknown>;

const percent = new Intl.NumberFormat('ka-GE', { style: 'percent', maximumFractionDigits: 1 });

function similarityOf(result: ProviderResult): number | null {
  const { similarity } = result;
  const value = typeof similarity === 'string' ? Number(similarity) : similarity;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The face similarity (0–1) as a Georgian percentage, e.g. `90,3%`; null when there is none. */
export function formatSimilarity(result: ProviderResult): string | null {
  const similarity = similarityOf(result);
  return similarity === null ? null : percent.format(similarity);
}

/** What the checks table shows: the similarity, or the result's raw text when it has none. */
export function similarityOrRawText(result: ProviderResult): string {
  return formatSimilarity(result) ?? JSON.stringify(result);
}

/** A text field of the result, or null. */
export function textField(result: ProviderResult, field: string): string | null {
  const value = result[field];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The liveness verdict (`live`), or null when the result does not say. */
export function liveOf(result: ProviderResult): boolean | null {
  return typeof result.live === 'boolean' ? result.live : null;
}

/** `reject_reason` comes as `{value, description}` or as plain text. */
export function rejectReasonOf(result: ProviderResult): string | null {
  const reason = result.reject_reason;
  if (typeof reason === 'string') return reason || null;
  if (typeof reason !== 'object' || reason === null) return null;
  const value = 'value' in reason && typeof reason.value === 'string' ? reason.value : '';
  const description =
    'description' in reason && typeof reason.description === 'string' ? reason.description : '';
  if (description && value) return `${description} (${value})`;
  return description || value || null;
}
