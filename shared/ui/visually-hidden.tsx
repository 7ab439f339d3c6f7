// Text only assistive technology reads (the base template's .visually-hidden class).
import type { ReactNode } from 'react';

/** Text read by screen readers only, e.g. the count behind a tag or that a link opens a new window. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className="visually-hidden">{children}</span>;
}
