// The place the scheduling service's embed is drawn in, as a props-only view: empty until its plain island
// (scheduler.island.ts) fills it.
import { islandRef } from '../../../shared/islands/protocol.ts';

export interface SchedulerProps {
  /** the booking page at the scheduling service */
  bookingUrl: string;
  businessName: string;
}

export function SchedulerView(_props: SchedulerProps) {
  return <div className="appointments-embed" data-embed="none" />;
}

export const schedulerIsland = islandRef('scheduler', SchedulerView);
