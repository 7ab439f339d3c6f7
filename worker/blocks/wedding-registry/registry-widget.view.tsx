// Where the registry service's widget script is loaded from, as a props-only view: an empty mark after the list, whose
// plain island (registry-widget.island.ts) loads the script that draws the marked registry links.
import { islandRef } from '../../../shared/islands/protocol.ts';

export interface RegistryWidgetProps {
  /** the keys of the registries the widget draws */
  keys: string[];
}

export function RegistryWidgetView(props: RegistryWidgetProps) {
  return <div className="registry-widget" data-registries={props.keys.length} data-widget="none" />;
}

export const registryWidgetIsland = islandRef('registry-widget', RegistryWidgetView);
