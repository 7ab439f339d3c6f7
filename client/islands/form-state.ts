// What a visitor did to an island's server HTML before it woke becomes the island's state when it wakes
// (docs/blocks-and-islands.md, "Input made before an island wakes"): the controls are read where the visitor left them.
import { useLayoutEffect, type RefObject } from 'react';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Controls that hold nothing a visitor sets (the island's own data, buttons) or that cannot be read back (files). */
const NOT_INPUT = new Set(['hidden', 'submit', 'button', 'reset', 'image', 'file']);

const isControl = (element: Element): element is Control =>
  element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;

/** The named controls under `root` that a visitor can set. */
function controlsOf(root: ParentNode): Control[] {
  return Array.from(root.querySelectorAll('input, select, textarea')).filter(
    (element): element is Control => isControl(element) && !!element.name && !element.disabled && !NOT_INPUT.has(element.type),
  );
}

/** Whether the control shows something other than what the server drew (its default). */
function changed(control: Control): boolean {
  if (control instanceof HTMLSelectElement) return Array.from(control.options).some((o) => o.selected !== o.defaultSelected);
  if (control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox')) {
    return control.checked !== control.defaultChecked;
  }
  return control.value !== control.defaultValue;
}

/** What a control shows, as its form would send it: a radio group its checked value, a checkbox its value or ''. */
function shown(control: Control, root: ParentNode): string {
  if (control instanceof HTMLInputElement && control.type === 'radio') {
    const group = controlsOf(root).filter((c) => c instanceof HTMLInputElement && c.type === 'radio' && c.name === control.name);
    return group.find((c) => (c as HTMLInputElement).checked)?.value ?? '';
  }
  if (control instanceof HTMLInputElement && control.type === 'checkbox') return control.checked ? control.value : '';
  return control.value;
}

/**
 * The values the controls under `root` show, by name, as the island's state holds them: a radio group's checked value
 * ('' when none is), a checkbox's value when ticked ('' when not), a select's or a field's value. A name shared by
 * several checkboxes (a list the form reads itself when it is sent) is left out.
 */
export function valuesShown(root: ParentNode, only: (control: Control) => boolean = () => true): Record<string, string> {
  const controls = controlsOf(root);
  const checkboxes = new Map<string, number>();
  for (const c of controls) if (c.type === 'checkbox') checkboxes.set(c.name, (checkboxes.get(c.name) ?? 0) + 1);
  const values: Record<string, string> = {};
  for (const control of controls) {
    if (control.type === 'checkbox' && checkboxes.get(control.name)! > 1) continue;
    if (control instanceof HTMLSelectElement && control.multiple) continue;
    if (only(control)) values[control.name] = shown(control, root);
  }
  return values;
}

/** The values of the controls under `root` that the visitor changed from the server's HTML, by name (a radio group counts as one). */
export function changedValues(root: ParentNode): Record<string, string> {
  const groups = new Set(
    controlsOf(root)
      .filter(changed)
      .map((c) => c.name),
  );
  return valuesShown(root, (control) => groups.has(control.name));
}

/**
 * Text typed into a textarea before its island hydrates: hydration sets a textarea that the server drew with text back
 * to that text (React's initTextarea), so it is kept from before hydrateRoot and put back once the island has hydrated
 * (keepTyping, then restoreTyping). Inputs and selects keep what the visitor did through hydration.
 */
const typed = new WeakMap<Element, Map<HTMLTextAreaElement, string>>();

export function keepTyping(root: Element): void {
  const kept = new Map<HTMLTextAreaElement, string>();
  for (const area of root.querySelectorAll('textarea')) if (area.value !== area.defaultValue) kept.set(area, area.value);
  if (kept.size) typed.set(root, kept);
}

export function restoreTyping(root: Element): void {
  const kept = typed.get(root);
  typed.delete(root);
  // only a textarea that hydration set back (one the visitor has typed into since is theirs)
  for (const [area, value] of kept ?? []) if (area.isConnected && area.value === area.defaultValue) area.value = value;
}

/**
 * Once, when the component has hydrated and before the browser paints: hands `take` what the visitor changed in the
 * controls under `root` before the island woke (changedValues), so the component's state is what the visitor sees.
 * It runs after hydration rather than giving the first render its state: the first render must draw what the server
 * drew, or React throws the server's HTML away. A held click the loader replays into the waking island (a tick on a
 * radio) has changed the control by now as well. Nothing is handed when nothing changed (a component rendered afresh,
 * such as the quick view's panel, always).
 */
export function useInputBeforeWake(root: RefObject<Element | null>, take: (changed: Record<string, string>) => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the component wakes (a later render's root and take are not asked)
  useLayoutEffect(() => {
    if (!root.current) return;
    const found = changedValues(root.current);
    if (Object.keys(found).length) take(found);
  }, []);
}
