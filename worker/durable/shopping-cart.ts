// One visitor's cart (§3 ShoppingCart), one object per cart, named by the CART cookie. It keeps only what the visitor
// chose (product, variant, quantity, the unit price they saw), the discount codes and where the goods would go; every
// figure is worked out by the edge from the current snapshot on each read (shared/cart.ts). A cart belongs to the site
// that made it: calls for another site are refused. A cart nobody changes for CART_TTL_MS is deleted by its alarm.
import { DurableObject } from 'cloudflare:workers';
import { CART_TTL_MS, MAX_CART_ENTRIES, type CartEntryRecord, type CartRecord, type ShippingLocation } from '../../shared/cart.ts';
import type { Env } from '../env.ts';
import { guid } from '../../shared/ids.ts';
import { LazySchema, type Schema } from './schema.ts';

/** What a change to the cart came to: the cart as it is now, or why nothing changed. */
export type CartChange =
  | { ok: true; record: CartRecord; entryId?: string | undefined }
  | { ok: false; reason: 'other-site' | 'purchased' | 'full' | 'no-entry' | 'limit' | 'empty'; limit?: number; inCart?: number };

type CartRow = {
  id: string;
  website_id: string;
  created: number;
  updated: number;
  is_purchased: number;
  order_id: string | null;
  coupons_json: string;
  shipping_option_id: string | null;
  shipping_location_json: string | null;
};

type EntryRow = {
  id: string;
  product_id: string;
  sku: string;
  quantity: number;
  seen_price_cents: number;
  added_at: number;
};

export interface AddToCart {
  productId: string;
  sku: string;
  /** how many to add to what the cart already holds of this variant */
  quantity: number;
  unitPriceCents: number;
  /** the most the line may hold after the add: the stock left, or MAX_LINE_QUANTITY */
  limit: number;
}

/** The cart's tables, version by version (worker/durable/schema.ts). */
export const SHOPPING_CART_SCHEMA: Schema = {
  name: 'ShoppingCart',
  migrations: [
    // 1: the cart (one row) and its entries
    (sql) => {
      sql.exec(`CREATE TABLE IF NOT EXISTS cart (
        key INTEGER PRIMARY KEY CHECK (key = 1),
        id TEXT NOT NULL,
        website_id TEXT NOT NULL,
        created INTEGER NOT NULL,
        updated INTEGER NOT NULL,
        is_purchased INTEGER NOT NULL DEFAULT 0,
        order_id TEXT,
        coupons_json TEXT NOT NULL DEFAULT '[]',
        shipping_option_id TEXT,
        shipping_location_json TEXT
      )`);
      sql.exec(`CREATE TABLE IF NOT EXISTS entries (
        id TEXT PRIMARY KEY,
        product_id TEXT NOT NULL,
        sku TEXT NOT NULL,
        quantity INTEGER NOT NULL,
        seen_price_cents INTEGER NOT NULL,
        added_at INTEGER NOT NULL
      )`);
    },
  ],
};

export class ShoppingCart extends DurableObject<Env> {
  /** Tables are made on the first write, so a made-up cart id read by a stranger leaves nothing behind. */
  private readonly schema: LazySchema;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.schema = new LazySchema(ctx, SHOPPING_CART_SCHEMA);
  }

  private get sql() {
    return this.ctx.storage.sql;
  }

  private cartRow(): CartRow | undefined {
    if (!this.schema.exists) return undefined;
    return this.sql.exec<CartRow>('SELECT * FROM cart WHERE key = 1').toArray()[0];
  }

  private record(row: CartRow): CartRecord {
    const entries = this.sql
      .exec<EntryRow>('SELECT * FROM entries ORDER BY added_at, id')
      .toArray()
      .map((e): CartEntryRecord => ({
        id: e.id,
        productId: e.product_id,
        sku: e.sku,
        quantity: e.quantity,
        seenPriceCents: e.seen_price_cents,
        addedAt: e.added_at,
      }));
    return {
      id: row.id,
      websiteId: row.website_id,
      created: row.created,
      updated: row.updated,
      isPurchased: row.is_purchased === 1,
      orderId: row.order_id,
      entries,
      coupons: JSON.parse(row.coupons_json) as string[],
      shippingOptionId: row.shipping_option_id,
      shippingLocation: row.shipping_location_json ? (JSON.parse(row.shipping_location_json) as ShippingLocation) : null,
    };
  }

  /** The cart of this site that is still alive, or why there is none to change. */
  private live(websiteId: string, now: number): { row: CartRow } | { reason: 'other-site' | 'empty' } {
    const row = this.cartRow();
    if (!row) return { reason: 'empty' };
    if (row.website_id !== websiteId) return { reason: 'other-site' };
    if (now - row.updated >= CART_TTL_MS) {
      this.forget();
      return { reason: 'empty' };
    }
    return { row };
  }

  private forget(): void {
    this.sql.exec('DELETE FROM entries');
    this.sql.exec('DELETE FROM cart');
  }

  /** Marks the cart changed now and moves its expiry alarm. */
  private async touch(now: number): Promise<void> {
    this.sql.exec('UPDATE cart SET updated = ? WHERE key = 1', now);
    await this.ctx.storage.setAlarm(now + CART_TTL_MS);
  }

  private async changed(now: number, entryId?: string): Promise<CartChange> {
    await this.touch(now);
    return { ok: true, record: this.record(this.cartRow()!), entryId };
  }

  /** The cart, for the site it belongs to; null when there is none (never made, expired, or another site's). */
  async read(websiteId: string, now = Date.now()): Promise<CartRecord | null> {
    const state = this.live(websiteId, now);
    return 'row' in state ? this.record(state.row) : null;
  }

  /**
   * Adds a quantity of a variant: to its line when the cart has one, else as a new line. Refused past the line's limit
   * (the stock left), past MAX_CART_ENTRIES lines, for another site's cart and for a cart already bought.
   */
  async add(cartId: string, websiteId: string, item: AddToCart, now = Date.now()): Promise<CartChange> {
    let state = this.live(websiteId, now);
    if ('reason' in state && state.reason === 'other-site') return { ok: false, reason: 'other-site' };
    if ('reason' in state) {
      this.schema.ensure();
      this.sql.exec('INSERT INTO cart (key, id, website_id, created, updated) VALUES (1, ?, ?, ?, ?)', cartId, websiteId, now, now);
      state = { row: this.cartRow()! };
    }
    if (state.row.is_purchased) return { ok: false, reason: 'purchased' };
    const existing = this.sql
      .exec<EntryRow>('SELECT * FROM entries WHERE product_id = ? AND sku = ?', item.productId, item.sku)
      .toArray()[0];
    const inCart = existing?.quantity ?? 0;
    if (inCart + item.quantity > item.limit) return { ok: false, reason: 'limit', limit: item.limit, inCart };
    if (existing) {
      this.sql.exec(
        'UPDATE entries SET quantity = ?, seen_price_cents = ? WHERE id = ?',
        inCart + item.quantity,
        item.unitPriceCents,
        existing.id,
      );
      return this.changed(now, existing.id);
    }
    const count = this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM entries').one().n;
    if (count >= MAX_CART_ENTRIES) return { ok: false, reason: 'full', limit: MAX_CART_ENTRIES };
    const entryId = guid();
    this.sql.exec(
      'INSERT INTO entries (id, product_id, sku, quantity, seen_price_cents, added_at) VALUES (?, ?, ?, ?, ?, ?)',
      entryId,
      item.productId,
      item.sku,
      item.quantity,
      item.unitPriceCents,
      now,
    );
    return this.changed(now, entryId);
  }

  /** Sets a line's quantity (0 removes it); the unit price is seen again. */
  async setQuantity(
    websiteId: string,
    entryId: string,
    quantity: number,
    unitPriceCents: number,
    limit: number,
    now = Date.now(),
  ): Promise<CartChange> {
    const state = this.live(websiteId, now);
    if ('reason' in state) return { ok: false, reason: state.reason };
    if (state.row.is_purchased) return { ok: false, reason: 'purchased' };
    const entry = this.sql.exec<EntryRow>('SELECT * FROM entries WHERE id = ?', entryId).toArray()[0];
    if (!entry) return { ok: false, reason: 'no-entry' };
    if (quantity === 0) this.sql.exec('DELETE FROM entries WHERE id = ?', entryId);
    else if (quantity > limit) return { ok: false, reason: 'limit', limit, inCart: entry.quantity };
    else this.sql.exec('UPDATE entries SET quantity = ?, seen_price_cents = ? WHERE id = ?', quantity, unitPriceCents, entryId);
    return this.changed(now, entryId);
  }

  async remove(websiteId: string, entryId: string, now = Date.now()): Promise<CartChange> {
    const state = this.live(websiteId, now);
    if ('reason' in state) return { ok: false, reason: state.reason };
    if (state.row.is_purchased) return { ok: false, reason: 'purchased' };
    const removed = this.sql.exec('DELETE FROM entries WHERE id = ?', entryId).rowsWritten;
    if (!removed) return { ok: false, reason: 'no-entry' };
    return this.changed(now);
  }

  /** Where the goods would go and how (the checkout's choice, kept so every read prices the same way). */
  async setShipping(websiteId: string, location: ShippingLocation | null, optionId: string | null, now = Date.now()): Promise<CartChange> {
    const state = this.live(websiteId, now);
    if ('reason' in state) return { ok: false, reason: state.reason };
    if (state.row.is_purchased) return { ok: false, reason: 'purchased' };
    this.sql.exec(
      'UPDATE cart SET shipping_location_json = ?, shipping_option_id = ? WHERE key = 1',
      location ? JSON.stringify(location) : null,
      optionId,
    );
    return this.changed(now);
  }

  /** The discount codes the visitor entered (checked against the store on every read). */
  async setCoupons(websiteId: string, coupons: string[], now = Date.now()): Promise<CartChange> {
    const state = this.live(websiteId, now);
    if ('reason' in state) return { ok: false, reason: state.reason };
    if (state.row.is_purchased) return { ok: false, reason: 'purchased' };
    this.sql.exec('UPDATE cart SET coupons_json = ? WHERE key = 1', JSON.stringify(coupons));
    return this.changed(now);
  }

  /** The cart became an order: it is kept (so a retried checkout finds the order) but never changes again. */
  async markPurchased(websiteId: string, orderId: string, now = Date.now()): Promise<CartChange> {
    const state = this.live(websiteId, now);
    if ('reason' in state) return { ok: false, reason: state.reason };
    this.sql.exec('UPDATE cart SET is_purchased = 1, order_id = ? WHERE key = 1', orderId);
    return this.changed(now);
  }

  override async alarm(): Promise<void> {
    const row = this.cartRow();
    if (!row) return;
    const due = row.updated + CART_TTL_MS;
    if (Date.now() >= due) {
      await this.ctx.storage.deleteAll();
      this.schema.forgotten();
    } else {
      await this.ctx.storage.setAlarm(due);
    }
  }
}
