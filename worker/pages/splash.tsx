// The SPLASH_PAGE page type (§2 code 3): a cover page, its background image and layout, without the site's chrome.
import { Img } from '../../shared/ui/img.tsx';
import { LayoutBlocks } from '../blocks/layout.tsx';
import { useRender } from '../kit/context.tsx';
import type { PageDefinition } from './types.ts';

function SplashBody() {
  const { route } = useRender();
  const page = route.page!;
  return (
    <div className="splash">
      {page.backgroundImage && <Img image={page.backgroundImage} className="splash-bg" sizes="100vw" displayWidth={1500} priority alt="" />}
      <div className="splash-content">
        <h1>{page.title}</h1>
        {page.description && <p className="lead">{page.description}</p>}
        <LayoutBlocks layout={page.layout} />
      </div>
    </div>
  );
}

export const splashPages = {
  SPLASH_PAGE: {
    Body: SplashBody,
    chrome: 'bare',
    title: (s) => s.route.page?.title ?? '',
    description: (s) => s.route.page?.description,
    indexable: true,
  },
} satisfies Record<string, PageDefinition>;
