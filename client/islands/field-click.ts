// Which clicks on a sleeping island the loader leaves to the browser (client/islands/loader.ts): no React, loader-sized.

/** Inputs that are pressed rather than set: a click on one before its island wakes waits for the island. */
const PRESSED = new Set(['submit', 'image', 'reset', 'button']);

/**
 * Whether a click sets a field (ticks a radio or a checkbox, opens a select, puts the caret in a text field, directly
 * or through its label): the browser does that itself, and the island takes what the field shows when it wakes
 * (client/islands/form-state.ts). Holding it would undo the tick until then, and a second click held would drop it.
 */
export function isFieldClick(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  const label = target.closest('label');
  const field = label ? label.control : target.closest('input, select, textarea');
  if (!field || field instanceof HTMLButtonElement) return false;
  return !(field instanceof HTMLInputElement && PRESSED.has(field.type));
}
