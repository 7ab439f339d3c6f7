// The wedding registry block: the couple's registries at outside stores, as a list of links.
import { Icon } from '../../../shared/ui/icon.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { Link } from '../../render/ui.tsx';
import type { BlockProps } from '../types.ts';
import { hostLabel } from './block-parts.tsx';

export function WeddingRegistryBlock({ data, block }: BlockProps<'wedding_registry'>) {
  const headingId = `registry-${block.id}-title`;
  return (
    <section className="registry-block" aria-labelledby={headingId} data-island="wedding_registry" data-block-id={block.id}>
      <header className="registry-header">
        <p className="registry-eyebrow">Wedding Registry</p>
        <h2 className="registry-title" id={headingId}>
          {data.coupleName}
        </h2>
      </header>
      <ul className="registry-list">
        {data.registries.map((registry, i) => (
          <li key={i}>
            <Link href={registry.url} newWindow className="registry-link">
              <span className="registry-text">
                <span className="registry-name">{registry.name}</span>
                {hostLabel(registry.url) && <span className="registry-host">{hostLabel(registry.url)}</span>}
              </span>
              <Icon name="external" size={18} />
              <VisuallyHidden> (opens in a new window)</VisuallyHidden>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
