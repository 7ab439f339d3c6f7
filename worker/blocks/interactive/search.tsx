// The search block: a labelled GET form to the site's /search page (§2).
import type { BlockProps } from '../types.ts';

export function SearchBlock({ data, block }: BlockProps<'search'>) {
  const inputId = `search-${block.id}-q`;
  return (
    <form
      className="search-block"
      role="search"
      action="/search"
      method="get"
      data-island="search"
      data-block-id={block.id}
      {...(data.collectionId ? { 'data-collection-id': data.collectionId } : {})}
    >
      <label className="visually-hidden" htmlFor={inputId}>
        Search
      </label>
      <span className="search-field">
        <svg className="search-icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16.5 16.5L21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          className="search-input"
          id={inputId}
          type="search"
          name="q"
          placeholder={data.placeholder}
          autoComplete="off"
          enterKeyHint="search"
        />
      </span>
      <button type="submit" className="button search-submit">
        Search
      </button>
    </form>
  );
}
