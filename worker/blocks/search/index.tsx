// Block type 33, search: a labelled GET form to the site's /search page (§2).
import * as z from 'zod';
import { id } from '../../../shared/snapshot/common.ts';
import { defineBlock, type BlockProps } from '../define.ts';
import { text } from '../parts/schema.ts';
import { MOBILE_MAX } from '../parts/styles.ts';

const schema = z.object({ collectionId: id.optional(), placeholder: text(100).default('Search') });
type SearchData = z.output<typeof schema>;

function SearchBlock({ data, block }: BlockProps<SearchData>) {
  const inputId = `search-${block.id}-q`;
  return (
    <form
      className="search-block"
      role="search"
      action="/search"
      method="get"
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

const styles = `
.block-search .search-block{display:flex;gap:.5rem;max-width:40rem}
.block-search .search-field{position:relative;flex:1;min-width:0;display:block}
.block-search .search-icon{position:absolute;left:.8rem;top:50%;transform:translateY(-50%);color:var(--muted);pointer-events:none}
.block-search .search-input{width:100%;padding-left:2.5rem}
@media (max-width:${MOBILE_MAX}px){.block-search .search-submit{padding-left:1em;padding-right:1em}}
`;

export default defineBlock({
  code: 33,
  name: 'search',
  schema,
  Component: SearchBlock,
  styles,
  references: (data) => ({ collections: data.collectionId ? [data.collectionId] : [] }),
});
