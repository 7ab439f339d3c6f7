// The PAGE page type (§2 code 2): a page's title, lead and layout.
import { LayoutBlocks } from '../blocks/layout.tsx';
import { useRender } from '../kit/context.tsx';
import type { PageDefinition } from './types.ts';

function PageBody() {
  const { route } = useRender();
  const page = route.page!;
  return (
    <div className="wrap page-body">
      <header className="page-header">
        <h1>{page.title}</h1>
        {page.description && <p className="lead">{page.description}</p>}
      </header>
      <LayoutBlocks layout={page.layout} />
    </div>
  );
}

export const pagePages = {
  PAGE: {
    Body: PageBody,
    chrome: 'site',
    title: (s) => s.route.page?.title ?? '',
    description: (s) => s.route.page?.description,
    indexable: true,
  },
} satisfies Record<string, PageDefinition>;
