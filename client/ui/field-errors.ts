// Field messages as a form shows them while it is filled in: a field's message appears once the visitor has been to
// it (left it, or sent the form), and goes as soon as what they typed passes. The rules are the caller's (`check`,
// from shared/: the same the edge applies).
import { useRef, useState } from 'react';

export function useFieldErrors(initial: Record<string, string>, check: (values: Record<string, string>) => Record<string, string>) {
  const [errors, setErrors] = useState(initial);
  const touched = useRef(new Set<string>(Object.keys(initial)));
  /** shows or clears the messages of these fields, for the fields the visitor has been to */
  const refresh = (values: Record<string, string>, names: string[]): void => {
    const found = check(values);
    setErrors((current) => {
      const out = { ...current };
      for (const name of names) {
        if (found[name] && touched.current.has(name)) out[name] = found[name];
        else delete out[name];
      }
      return out;
    });
  };
  return {
    errors,
    refresh,
    /** the visitor left this field: its message shows from now on */
    leave(values: Record<string, string>, name: string): void {
      touched.current.add(name);
      refresh(values, [name]);
    },
    /** every message at once (the form was sent, or the edge answered with them) */
    showAll(found: Record<string, string>): void {
      for (const name of Object.keys(found)) touched.current.add(name);
      setErrors(found);
    },
  };
}
