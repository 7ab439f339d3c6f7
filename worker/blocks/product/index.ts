// Block type 43, product: one store item, ready to add to the cart.
import { defineBlock } from '../define.ts';
import { ProductBlock } from './product.tsx';
import { schema } from './schema.ts';
import { styles } from './styles.ts';

export default defineBlock({
  code: 43,
  name: 'product',
  schema,
  Component: ProductBlock,
  styles,
  references: (data) => ({ collections: [data.collectionId], items: [data] }),
});

// what the product page types draw of this block (one import for the pages)
export { ProductListing, ProductPage, ProductPrice } from './page.tsx';
