// What a page shows of the site's records, read before it renders (the page types draw it at once): a collection
// page's entries (the page asked for, of the list or of its filter), an item's neighbours, the search results. Only
// the records that hold them are read (worker/site/model.ts): page 50 of a list reads the chunks of page 50.
import type { Route } from '../kit/context.tsx';
import { andThen, type Maybe } from '../site/maybe.ts';
import type { SiteModel } from '../site/model.ts';
import { searchSite } from '../site/search.ts';

export function withPageData(site: SiteModel, route: Route, now: Date): Maybe<Route> {
  switch (route.pageType) {
    case 'MAIN_CONTENT':
    case 'CONTENT_COLLECTION': {
      const collection = route.collection!;
      const perPage = collection.itemsPerPage;
      return andThen(site.list(collection, route.filter, now), (list) => {
        const total = list?.total ?? 0;
        const pages = Math.max(1, Math.ceil(total / perPage));
        const pageNumber = Math.min(route.pageNumber ?? 1, pages);
        const items = list ? site.slice(list, (pageNumber - 1) * perPage, perPage) : [];
        return andThen(items, (shown) => ({ ...route, list: { total, items: shown } }));
      });
    }
    case 'CONTENT_ITEM': {
      // a product's page shows no neighbours
      if (route.item?.product || route.itemAt === undefined) return route;
      return andThen(site.neighbours(route.collection!, route.itemAt, now), (neighbours) => ({ ...route, neighbours }));
    }
    case 'SEARCH':
      return route.query ? andThen(searchSite(site, route.query, now), (searchHits) => ({ ...route, searchHits })) : route;
    default:
      return route;
  }
}
