// Link blocks: a link card, a folder (a titled list of links) and the logo.
import { Img } from '../../../shared/ui/img.tsx';
import { hostOf } from '../../../shared/urls.ts';
import { useRender } from '../../render/context.tsx';
import { Link } from '../../render/ui.tsx';
import type { BlockProps } from '../types.ts';
import { NewWindowHint } from './parts.tsx';

/** What the card shows under its title as the destination: a host, an address or a path. */
function destination(url: string): string {
  if (/^mailto:/i.test(url)) return url.slice(7).split('?')[0] ?? url;
  if (/^tel:/i.test(url)) return url.slice(4);
  return hostOf(url)?.replace(/^www\./, '') ?? url;
}

export function LinkBlock({ data }: BlockProps<'link'>) {
  return (
    <Link href={data.url} newWindow={data.newWindow} className="cb-card cb-card-link cb-link-card">
      <span className="cb-card-title">
        {data.title || destination(data.url)}
        {data.newWindow && <NewWindowHint />}
      </span>
      {data.description && <span className="cb-card-text">{data.description}</span>}
      <span className="cb-card-meta">
        {destination(data.url)}
        <span className="cb-card-arrow" aria-hidden="true">
          {' '}
          →
        </span>
      </span>
    </Link>
  );
}

export function FolderBlock({ data }: BlockProps<'folder'>) {
  return (
    <section className="cb-folder">
      {data.title && <h2 className="cb-heading">{data.title}</h2>}
      <ul className="cb-link-list">
        {data.links.map((link, i) => (
          <li key={`${link.url}-${i}`}>
            <Link href={link.url}>{link.title || destination(link.url)}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function LogoBlock({ data }: BlockProps<'logo'>) {
  const { site } = useRender();
  const image = data.image ?? (data.text ? undefined : site.website.logo);
  const name = data.text || site.website.title;
  return (
    <Link href={data.href} className={image ? 'cb-logo cb-logo-image' : 'cb-logo cb-logo-text'}>
      {image ? <Img image={image} alt={image.alt || name} sizes="240px" displayWidth={240} className="cb-logo-img" /> : name}
    </Link>
  );
}
