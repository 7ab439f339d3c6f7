// The newsletter block brought to life: the §4 lifecycle (client/ui/form-submission.ts) drawn by the block's view, and
// §9's small-container style from the width its container really has.
import { useEffect, useRef, useState } from 'react';
import { useFormSubmission } from '../../../client/ui/form-submission.ts';
import { NewsletterView, type NewsletterProps } from './newsletter.view.tsx';

/** §9: newsletter blocks get a small-container style when the parent is below 320px. */
const SMALL_CONTAINER_PX = 320;

export default function NewsletterIsland(props: NewsletterProps) {
  const { state, onSubmit, submissionRef } = useFormSubmission({ envelope: props.envelope, fields: props.fields, initial: props.flash });
  const root = useRef<HTMLDivElement | null>(null);
  const [small, setSmall] = useState(props.small);
  useEffect(() => {
    // the block's wrapper (the <site-island> between them has no box of its own)
    const parent = root.current?.closest<HTMLElement>('.block');
    if (!parent) return;
    const measure = () => setSmall(parent.getBoundingClientRect().width < SMALL_CONTAINER_PX);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(parent);
    return () => observer.disconnect();
  }, []);
  return <NewsletterView {...props} live={{ state, onSubmit, submissionRef, rootRef: root, small }} />;
}
