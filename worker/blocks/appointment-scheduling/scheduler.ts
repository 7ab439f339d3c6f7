// The scheduling service's embed for a booking page (§1's appointment-scheduling widget, §7 Third-party loads): the
// scheduler of an Acuity Scheduling page (`{name}.as.me` or app.acuityscheduling.com), drawn in a frame of the page
// itself with the service's embed script, which sizes the frame to the scheduler. A booking page elsewhere has no
// embed of ours: the block links to it.

/** The service's embed script and its origin, named in the page's script-src. */
export const SCHEDULER_SCRIPT = 'https://embed.acuityscheduling.com/js/embed.js';
export const SCHEDULER_ORIGIN = 'https://embed.acuityscheduling.com';

/** What the frame may do: the scheduler's own script and storage, its forms, and the service's pages in a new window. */
export const SCHEDULER_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';

/** Whether a booking page is one the service's embed draws. */
export function embedsScheduler(bookingUrl: string): boolean {
  const host = /^https:\/\/([^/?#]+)/i.exec(bookingUrl)?.[1]?.toLowerCase();
  return !!host && (host.endsWith('.as.me') || host === 'app.acuityscheduling.com');
}
