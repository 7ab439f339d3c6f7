// Block type 63, wedding registry: the couple's registries at outside stores, as a list of links; a registry at the
// registry service is drawn by its widget (registry-widget.ts), loaded as the block comes near the viewport.
import * as z from 'zod';
import { href } from '../../../shared/snapshot/common.ts';
import { Icon } from '../../../shared/ui/icon.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { Island } from '../../kit/island.tsx';
import { Link } from '../../kit/ui.tsx';
import { defineBlock, type BlockProps } from '../define.ts';
import { hostLabel } from '../parts/links.ts';
import { text } from '../parts/schema.ts';
import { REGISTRY_LINK_CLASS, registryKey, registryWidgets } from './registry-widget.ts';
import { registryWidgetIsland } from './registry-widget.view.tsx';

const schema = z.object({
  coupleName: text(200),
  registries: z
    .array(z.object({ name: text(200), url: href }))
    .min(1)
    .max(10),
});
type WeddingRegistryData = z.output<typeof schema>;

function WeddingRegistryBlock({ data, block }: BlockProps<WeddingRegistryData>) {
  const headingId = `registry-${block.id}-title`;
  const widgets = registryWidgets(data.registries);
  return (
    <section className="registry-block" aria-labelledby={headingId} data-block-id={block.id}>
      <header className="registry-header">
        <p className="registry-eyebrow">Wedding Registry</p>
        <h2 className="registry-title" id={headingId}>
          {data.coupleName}
        </h2>
      </header>
      <ul className="registry-list">
        {data.registries.map((registry, i) => {
          const key = registryKey(registry.url);
          return (
            <li key={i}>
              <Link
                href={registry.url}
                newWindow
                className={key ? `registry-link ${REGISTRY_LINK_CLASS}` : 'registry-link'}
                {...(key ? { 'data-registry-key': key } : {})}
              >
                <span className="registry-text">
                  <span className="registry-name">{registry.name}</span>
                  {hostLabel(registry.url) && <span className="registry-host">{hostLabel(registry.url)}</span>}
                </span>
                <Icon name="external" size={18} />
                <VisuallyHidden> (opens in a new window)</VisuallyHidden>
              </Link>
            </li>
          );
        })}
      </ul>
      {widgets.length > 0 && <Island island={registryWidgetIsland} props={{ keys: widgets }} when="visible" />}
    </section>
  );
}

const styles = `
.block-wedding-registry .registry-list{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,15rem),1fr));gap:.75rem}
.block-wedding-registry .registry-link{display:flex;align-items:center;gap:.75rem;padding:1rem 1.1rem;border:1px solid var(--border);border-radius:var(--radius);background:var(--bg);color:var(--text);text-decoration:none;transition:border-color .2s,box-shadow .2s}
.block-wedding-registry .registry-link:hover{border-color:var(--accent);box-shadow:0 6px 18px -12px rgba(0,0,0,.35)}
.block-wedding-registry .registry-text{display:flex;flex-direction:column;flex:1;min-width:0}
.block-wedding-registry .registry-name{font-weight:600}
.block-wedding-registry .registry-host{color:var(--muted);font-size:.82rem}
.block-wedding-registry .registry-link .icon{color:var(--accent)}
`;

export default defineBlock({ code: 63, name: 'wedding_registry', schema, Component: WeddingRegistryBlock, styles });
