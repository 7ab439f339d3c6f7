// Block type 3, logo: the site's (or the block's own) logo image or name, linking home.
import * as z from 'zod';
import { href, image } from '../../../shared/snapshot/common.ts';
import { Img } from '../../../shared/ui/img.tsx';
import { useRender } from '../../kit/context.tsx';
import { Link } from '../../kit/ui.tsx';
import { defineBlock, type BlockProps } from '../define.ts';
import { text } from '../parts/schema.ts';
import { IN_BLOCK } from '../parts/styles.ts';

const schema = z.object({ text: text(200).optional(), image: image.optional(), href: href.default('/') });
type LogoData = z.output<typeof schema>;

function LogoBlock({ data }: BlockProps<LogoData>) {
  const { site } = useRender();
  const image = data.image ?? (data.text ? undefined : site.website.logo);
  const name = data.text || site.website.title;
  return (
    <Link href={data.href} className={image ? 'cb-logo cb-logo-image' : 'cb-logo cb-logo-text'}>
      {image ? <Img image={image} alt={image.alt || name} sizes="240px" displayWidth={240} className="cb-logo-img" /> : name}
    </Link>
  );
}

const styles = `
${IN_BLOCK} .cb-logo{display:inline-block;color:var(--text);text-decoration:none}
${IN_BLOCK} .cb-logo-text{font:600 1.8rem/1.2 var(--heading-font);letter-spacing:.01em}
${IN_BLOCK} .cb-logo-text:hover{color:var(--accent)}
${IN_BLOCK} .cb-logo-img{max-height:88px;width:auto}
`;

export default defineBlock({
  code: 3,
  name: 'logo',
  schema,
  Component: LogoBlock,
  styles,
  text: (data) => data.text ?? '',
  images: (data) => (data.image ? [data.image] : []),
});
