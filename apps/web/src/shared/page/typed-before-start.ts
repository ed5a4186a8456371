type Field = HTMLInputElement | HTMLTextAreaElement;

/** The fields of a prerendered page that a visitor can type into before the app has started. */
const textFields =
  'input[name]:not([type="hidden"], [type="checkbox"], [type="radio"]), textarea[name]';

/**
 * What the visitor has typed into a prerendered page's fields while the app was on its way, by
 * field name. Hydration keeps the fields but not that text: a controlled field is set to its
 * form's state (empty), and no form's state has heard of what the others show.
 */
export function typedBeforeStart(container: HTMLElement): Map<string, string> {
  const typed = new Map<string, string>();
  for (const field of container.querySelectorAll<Field>(textFields)) {
    if (field.value !== field.defaultValue) typed.set(field.name, field.value);
  }
  return typed;
}

/**
 * Types it again into the hydrated page's fields, as input events that the forms take into
 * their state; a field that still shows text (typed while the app hydrated, say) keeps it.
 */
export function typeAgain(container: HTMLElement, typed: ReadonlyMap<string, string>): void {
  for (const [name, earlier] of typed) {
    const field = container.querySelector<Field>(`[name="${CSS.escape(name)}"]`);
    if (!field) continue;
    const value = field.value === '' ? earlier : field.value;
    // React notices an input by comparing the value with the one it last set: set an empty one
    // through the field (React's own setter), then the text past it, as the browser does.
    field.value = '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
