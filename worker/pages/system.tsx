// System page types: not found, error, search (results from the index built at publish, behind Suspense) and the lock
// screen.
import { Suspense } from 'react';
import { useAsync, useRender } from '../kit/context.tsx';
import { SectionFallback } from '../blocks/layout.tsx';
import { useDateFormat } from '../kit/ui.tsx';
import { legacyAge } from '../../shared/relative-time.ts';
import { searchSite, type SearchHit } from '../site/search.ts';
import type { PageDefinition } from './types.ts';

function NotFoundBody() {
  const { site } = useRender();
  const home = site.homepage();
  return (
    <div className="wrap not-found">
      <p className="meta">Error 404</p>
      <h1>We couldn’t find the page you were looking for.</h1>
      <p>The page may have moved, or the address may be mistyped. Try searching this site, or start again from the home page.</p>
      <form className="search-form" action="/search" method="get" role="search" style={{ margin: '0 auto 1.5rem' }}>
        <label className="visually-hidden" htmlFor="not-found-q">
          Search this site
        </label>
        <input id="not-found-q" type="search" name="q" placeholder="Search" />
        <button className="button" type="submit">
          Search
        </button>
      </form>
      {home && (
        <a className="button secondary" href="/">
          Go to the home page
        </a>
      )}
    </div>
  );
}

function ErrorBody() {
  return (
    <div className="wrap error-page">
      <h1>Something Went Wrong!</h1>
      <p>Our system has encountered an error. This exception has been automatically logged and reported. We will return shortly.</p>
      <a className="button" href="/">
        Reload from the home page
      </a>
    </div>
  );
}

/** Marks each occurrence of the query's words in a text. */
function Highlight({ text, words }: { text: string; words: string[] }) {
  if (!words.length) return <>{text}</>;
  const pattern = new RegExp(`(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  const parts = text.split(pattern);
  return <>{parts.map((p, i) => (i % 2 === 1 ? <mark key={i}>{p}</mark> : p))}</>;
}

/**
 * A search hit younger than this says its age in §9's legacy wording beside its date ('about 5 hours ago', '3 days
 * ago'): search results are rendered for each search and never cached, so the age is right as drawn and needs no
 * refreshing (the item page's live wording does); older hits have only their date.
 */
const SEARCH_AGE_SHOWN_MS = 30 * 86_400_000;

function SearchResults({ query }: { query: string }) {
  const { site, now, route } = useRender();
  const formatDate = useDateFormat();
  // read before the page renders (worker/routes/page-data.ts), from the index built at publish
  const hits = useAsync<SearchHit[]>(`search:${query}`, () => route.searchHits ?? searchSite(site, query, now));
  if (hits.length === 0) {
    return <p role="status">No results for “{query}”. Try fewer or different words.</p>;
  }
  return (
    <>
      <p role="status" className="meta">
        {hits.length} {hits.length === 1 ? 'result' : 'results'} for “{query}”
      </p>
      <ol className="search-results">
        {hits.map((hit) => (
          <li key={hit.url}>
            <p className="meta">
              {hit.collectionTitle ?? 'Page'}
              {hit.publishOn && (
                <>
                  {' · '}
                  <time dateTime={hit.publishOn}>{formatDate(hit.publishOn)}</time>
                  {now.getTime() - Date.parse(hit.publishOn) < SEARCH_AGE_SHOWN_MS && (
                    <> · {legacyAge(now.getTime() - Date.parse(hit.publishOn), site.website.language)}</>
                  )}
                </>
              )}
            </p>
            <h2>
              <a href={hit.url}>
                <Highlight text={hit.title} words={hit.words} />
              </a>
            </h2>
            {hit.snippet && (
              <p>
                <Highlight text={hit.snippet} words={hit.words} />
              </p>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}

function SearchBody() {
  const { route } = useRender();
  const query = route.query ?? '';
  return (
    <div className="wrap page-body">
      <header className="page-header">
        <h1>Search</h1>
      </header>
      <form className="search-form" action="/search" method="get" role="search">
        <label className="visually-hidden" htmlFor="search-q">
          Search this site
        </label>
        <input id="search-q" type="search" name="q" defaultValue={query} placeholder="Search" />
        <button className="button" type="submit">
          Search
        </button>
      </form>
      {query ? (
        <Suspense fallback={<SectionFallback label="Search results could not be loaded." />}>
          <SearchResults query={query} />
        </Suspense>
      ) : (
        <p className="meta">Type a word or two above to search every page and post on this site.</p>
      )}
    </div>
  );
}

function LockScreenBody() {
  const { route, url } = useRender();
  const lock = route.lock!;
  return (
    <div className="lock-screen">
      <span className="lock-screen-icon" aria-hidden="true">
        <svg
          aria-hidden="true"
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
          <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
        </svg>
      </span>
      <h1>{lock.title}</h1>
      <p>{lock.text ?? 'This area is password-protected. Enter the password to continue.'}</p>
      <form className="lock-form" method="post" action={url.pathname + url.search}>
        <label htmlFor="lock-password">Password</label>
        <input
          id="lock-password"
          type="password"
          name="password"
          required
          autoComplete="current-password"
          aria-invalid={lock.error ? true : undefined}
          aria-describedby={lock.error ? 'lock-error' : undefined}
        />
        {lock.error && (
          <p className="form-error" id="lock-error" role="alert">
            {lock.error}
          </p>
        )}
        <button className="button" type="submit">
          Enter
        </button>
      </form>
    </div>
  );
}

export const systemPages = {
  NOT_FOUND: { Body: NotFoundBody, chrome: 'site', title: () => 'Page Not Found', indexable: false },
  ERROR: {
    Body: ErrorBody,
    chrome: 'site',
    title: () => 'Something Went Wrong',
    description: () => 'Something Went Wrong! Our system has encountered an error. We will return shortly.',
    indexable: false,
  },
  SEARCH: {
    Body: SearchBody,
    chrome: 'site',
    title: (s) => (s.route.query ? `Search: ${s.route.query}` : 'Search'),
    indexable: false,
  },
  LOCK_SCREEN: { Body: LockScreenBody, chrome: 'minimal', title: (s) => s.route.lock?.title ?? 'Password Required', indexable: false },
} satisfies Record<string, PageDefinition>;
