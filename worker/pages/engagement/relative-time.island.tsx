// Relative times (§9): a date that is seconds old reads 'just now' or 'about N seconds ago', refreshed every 5000 ms;
// an older one keeps its formatted date, with its age in words beside it for the first month.
import { useEffect, useState } from 'react';
import { legacyLabel, liveLabel, RELATIVE_REFRESH_MS } from '../../../shared/relative-time.ts';
import { RelativeTimeView, type RelativeTimeProps } from './engagement.view.tsx';

/** Ages are shown beside the date up to this age. */
const AGE_SHOWN_MS = 30 * 86_400_000;

export default function RelativeTimeIsland(props: RelativeTimeProps) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), RELATIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  if (now === null) return <RelativeTimeView {...props} />;
  const age = now - Date.parse(props.iso);
  const live = liveLabel(age);
  return (
    <RelativeTimeView
      {...props}
      live={{ text: live ?? props.label, age: live === null && age >= 0 && age < AGE_SHOWN_MS ? legacyLabel(age) : null }}
    />
  );
}
