// The orders of one site, one object per site: orders from carts and gift-card purchases, contributions to donation
// pages, and the stock the edge has sold. Placing an order checks and takes the stock of all its lines in one
// synchronous step, so two visitors can never buy the last item twice; an order whose payment fails, or that is never
// paid within PENDING_TTL_MS, gives its stock back. Every call is idempotent by its key, so a checkout retried after a
// restart finds the order it already placed instead of placing another.
//
// Stock: the snapshot's qtyInStock is the owner's count when they last set it. For each variant the object keeps that
// count (baseline) and how many it has sold since; while the published count stays the same, what is left is
// baseline - sold. When the owner publishes a different count, it is a new count: sold starts again from 0.
//
// The stock epoch: a number that moves in the same synchronous step as every change of what is left (a sale takes
// stock, a failed or expired order gives it back). Pages that offer limited stock are cached under it
// (docs/store.md, "Stock on cached pages"): every read and sale answers it, so the isolate that asked knows at once
// that what it has cached is from before.
import { DurableObject } from 'cloudflare:workers';
import type { ContributionView, OrderView, PaymentRecord } from '../../shared/store-api.ts';
import type { Env } from '../env.ts';
import { giftCardCode, guid } from '../../shared/ids.ts';
import { migrateOnStart, type Schema } from './schema.ts';

/** An order not paid within this long is given up and its stock released. */
export const PENDING_TTL_MS = 30 * 60 * 1000;

/** One variant an order takes stock of. */
export interface Reservation {
  /** `{productId}:{sku}` */
  key: string;
  /** the published qtyInStock the order was priced against */
  qtyInStock: number;
  quantity: number;
  /** the line's name, for a refusal's message */
  name: string;
}

export type OrderDraft = Omit<OrderView, 'id' | 'number' | 'state' | 'created' | 'payment'>;

export interface PlaceOrder {
  idempotencyKey: string;
  /** the cart it came from: placing an order gives up the cart's other unpaid orders */
  cartId: string | null;
  reservations: Reservation[];
  order: OrderDraft;
  payment: PaymentRecord;
}

export interface StockProblem {
  name: string;
  available: number;
  wanted: number;
}

export type PlaceResult = ({ ok: true; order: OrderView; created: boolean } | { ok: false; problems: StockProblem[] }) & {
  /** the stock epoch after the call */
  stockEpoch: number;
};

/** What is left of each variant asked for, and the stock epoch it was read at. */
export interface Availability {
  epoch: number;
  left: number[];
}

export interface StoredOrder {
  view: OrderView;
  cartId: string | null;
  /** the code of a paid gift card: for its recipient and the owner, never shown to the buyer */
  giftCardCode: string | null;
}

export type ContributionDraft = Omit<ContributionView, 'id' | 'number' | 'created' | 'payment'>;

/** An order as the owner's export gives it: what its buyer sees, its last change, and a paid gift card's code. */
export type ExportedOrder = OrderView & { updated: number; giftCardCode: string | null };

/** A contribution as the owner's export gives it. */
export type ExportedContribution = ContributionView & { state: ContributionState; updated: number };

/** One page of an export, by number; `next` is the number to continue after, null at the end. */
export interface ExportPage<T> {
  rows: T[];
  next: number | null;
}

export type ContributionState = 'pending' | 'paid' | 'failed' | 'expired';

type OrderRow = {
  id: string;
  number: number;
  idempotency_key: string;
  cart_id: string | null;
  state: OrderView['state'];
  created: number;
  updated: number;
  draft_json: string;
  reservations_json: string;
  payment_json: string;
  gift_card_code: string | null;
};

type ContributionRow = {
  id: string;
  number: number;
  idempotency_key: string;
  state: ContributionState;
  created: number;
  updated: number;
  draft_json: string;
  payment_json: string;
};

type StockRow = { key: string; baseline: number; sold: number };

const orderNumber = (n: number) => String(n).padStart(5, '0');

/** The orders' tables, version by version (worker/durable/schema.ts). */
export const SITE_ORDERS_SCHEMA: Schema = {
  name: 'SiteOrders',
  migrations: [
    // 1: sold stock per variant, counters (order and contribution numbers, the stock epoch), orders, contributions
    (sql) => {
      sql.exec(`CREATE TABLE IF NOT EXISTS stock (key TEXT PRIMARY KEY, baseline INTEGER NOT NULL, sold INTEGER NOT NULL)`);
      sql.exec(`CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL)`);
      sql.exec(`CREATE TABLE IF NOT EXISTS orders (
        id TEXT PRIMARY KEY,
        number INTEGER NOT NULL UNIQUE,
        idempotency_key TEXT NOT NULL UNIQUE,
        cart_id TEXT,
        state TEXT NOT NULL,
        created INTEGER NOT NULL,
        updated INTEGER NOT NULL,
        draft_json TEXT NOT NULL,
        reservations_json TEXT NOT NULL,
        payment_json TEXT NOT NULL,
        gift_card_code TEXT
      )`);
      sql.exec(`CREATE TABLE IF NOT EXISTS contributions (
        id TEXT PRIMARY KEY,
        number INTEGER NOT NULL UNIQUE,
        idempotency_key TEXT NOT NULL UNIQUE,
        state TEXT NOT NULL,
        created INTEGER NOT NULL,
        updated INTEGER NOT NULL,
        draft_json TEXT NOT NULL,
        payment_json TEXT NOT NULL
      )`);
    },
  ],
};

export class SiteOrders extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    void migrateOnStart(ctx, SITE_ORDERS_SCHEMA);
  }

  private get sql() {
    return this.ctx.storage.sql;
  }

  private next(counter: 'order' | 'contribution' | 'stock-epoch'): number {
    this.sql.exec('INSERT INTO counters (name, value) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET value = value + 1', counter);
    return this.sql.exec<{ value: number }>('SELECT value FROM counters WHERE name = ?', counter).one().value;
  }

  // ----- stock -----

  private stockRow(key: string): StockRow | undefined {
    return this.sql.exec<StockRow>('SELECT * FROM stock WHERE key = ?', key).toArray()[0];
  }

  private left(key: string, qtyInStock: number): number {
    const row = this.stockRow(key);
    return row && row.baseline === qtyInStock ? Math.max(0, qtyInStock - row.sold) : qtyInStock;
  }

  /** The stock epoch: 0 until the first change of stock. */
  private stockEpoch(): number {
    return this.sql.exec<{ value: number }>("SELECT value FROM counters WHERE name = 'stock-epoch'").toArray()[0]?.value ?? 0;
  }

  /** What is left of each variant, given the counts the snapshot publishes, and the stock epoch it was read at. */
  async availability(items: { key: string; qtyInStock: number }[]): Promise<Availability> {
    return { epoch: this.stockEpoch(), left: items.map((i) => this.left(i.key, i.qtyInStock)) };
  }

  /** Checks every line first and takes nothing unless every line can be had. Synchronous: nothing interleaves. */
  private reserve(reservations: Reservation[]): StockProblem[] {
    const wanted = new Map<string, Reservation & { total: number }>();
    for (const r of reservations) {
      const seen = wanted.get(r.key);
      if (seen) seen.total += r.quantity;
      else wanted.set(r.key, { ...r, total: r.quantity });
    }
    const problems: StockProblem[] = [];
    for (const r of wanted.values()) {
      const available = this.left(r.key, r.qtyInStock);
      if (available < r.total) problems.push({ name: r.name, available, wanted: r.total });
    }
    if (problems.length) return problems;
    for (const r of wanted.values()) {
      const row = this.stockRow(r.key);
      if (row && row.baseline === r.qtyInStock) this.sql.exec('UPDATE stock SET sold = sold + ? WHERE key = ?', r.total, r.key);
      else
        this.sql.exec(
          'INSERT INTO stock (key, baseline, sold) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET baseline = excluded.baseline, sold = excluded.sold',
          r.key,
          r.qtyInStock,
          r.total,
        );
    }
    if (wanted.size) this.next('stock-epoch');
    return [];
  }

  /** Gives stock back, unless the owner has published a new count since (which replaced what was sold). */
  private release(reservations: Reservation[]): void {
    let changed = 0;
    for (const r of reservations) {
      changed += this.sql.exec(
        'UPDATE stock SET sold = MAX(0, sold - ?) WHERE key = ? AND baseline = ?',
        r.quantity,
        r.key,
        r.qtyInStock,
      ).rowsWritten;
    }
    if (changed) this.next('stock-epoch');
  }

  // ----- orders -----

  private orderRow(where: 'id' | 'idempotency_key', value: string): OrderRow | undefined {
    return this.sql.exec<OrderRow>(`SELECT * FROM orders WHERE ${where} = ?`, value).toArray()[0];
  }

  private view(row: OrderRow): OrderView {
    return {
      ...(JSON.parse(row.draft_json) as OrderDraft),
      id: row.id,
      number: orderNumber(row.number),
      state: row.state,
      created: row.created,
      payment: JSON.parse(row.payment_json) as PaymentRecord,
    };
  }

  private async scheduleExpiry(at: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  /** Gives up an unpaid order: its stock goes back. */
  private giveUp(row: OrderRow, state: 'failed' | 'expired', now: number): void {
    this.release(JSON.parse(row.reservations_json) as Reservation[]);
    this.sql.exec('UPDATE orders SET state = ?, updated = ? WHERE id = ?', state, now, row.id);
  }

  /**
   * Places an order, or answers the order already placed under this key. A key whose order failed or expired is tried
   * again (its stock taken again). Otherwise every line's stock is checked and taken at once, or nothing is.
   */
  async place(input: PlaceOrder, now = Date.now()): Promise<PlaceResult> {
    const existing = this.orderRow('idempotency_key', input.idempotencyKey);
    if (existing && (existing.state === 'pending' || existing.state === 'paid')) {
      return { ok: true, order: this.view(existing), created: false, stockEpoch: this.stockEpoch() };
    }
    // a cart has at most one order waiting for payment: the one for what it holds now
    if (input.cartId) {
      for (const row of this.sql
        .exec<OrderRow>(
          "SELECT * FROM orders WHERE cart_id = ? AND state = 'pending' AND idempotency_key != ?",
          input.cartId,
          input.idempotencyKey,
        )
        .toArray()) {
        this.giveUp(row, 'expired', now);
      }
    }
    const problems = this.reserve(input.reservations);
    if (problems.length) return { ok: false, problems, stockEpoch: this.stockEpoch() };
    if (existing) {
      this.sql.exec(
        "UPDATE orders SET state = 'pending', updated = ?, draft_json = ?, reservations_json = ?, payment_json = ? WHERE id = ?",
        now,
        JSON.stringify(input.order),
        JSON.stringify(input.reservations),
        JSON.stringify(input.payment),
        existing.id,
      );
    } else {
      this.sql.exec(
        `INSERT INTO orders (id, number, idempotency_key, cart_id, state, created, updated, draft_json, reservations_json, payment_json)
         VALUES (?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?)`,
        guid(),
        this.next('order'),
        input.idempotencyKey,
        input.cartId,
        now,
        now,
        JSON.stringify(input.order),
        JSON.stringify(input.reservations),
        JSON.stringify(input.payment),
      );
    }
    await this.scheduleExpiry(now + PENDING_TTL_MS);
    return {
      ok: true,
      order: this.view(this.orderRow('idempotency_key', input.idempotencyKey)!),
      created: !existing,
      stockEpoch: this.stockEpoch(),
    };
  }

  /** Records the payment's outcome: paid (a gift card gets its code), or failed (the stock goes back). */
  async settle(orderId: string, paid: boolean, payment: PaymentRecord, now = Date.now()): Promise<OrderView | null> {
    const row = this.orderRow('id', orderId);
    if (!row) return null;
    if (row.state === 'pending') {
      if (paid) {
        const code = (JSON.parse(row.draft_json) as OrderDraft).giftCard ? giftCardCode() : null;
        this.sql.exec(
          "UPDATE orders SET state = 'paid', updated = ?, payment_json = ?, gift_card_code = ? WHERE id = ?",
          now,
          JSON.stringify(payment),
          code,
          orderId,
        );
      } else {
        this.giveUp(row, 'failed', now);
        this.sql.exec('UPDATE orders SET payment_json = ? WHERE id = ?', JSON.stringify(payment), orderId);
      }
    }
    return this.view(this.orderRow('id', orderId)!);
  }

  async order(orderId: string): Promise<StoredOrder | null> {
    const row = this.orderRow('id', orderId);
    return row ? { view: this.view(row), cartId: row.cart_id, giftCardCode: row.gift_card_code } : null;
  }

  /** The newest orders, for the site's owner. */
  async recentOrders(limit: number): Promise<OrderView[]> {
    return this.sql
      .exec<OrderRow>('SELECT * FROM orders ORDER BY number DESC LIMIT ?', limit)
      .toArray()
      .map((row) => this.view(row));
  }

  // ----- contributions -----

  private contributionRow(where: 'id' | 'idempotency_key', value: string): ContributionRow | undefined {
    return this.sql.exec<ContributionRow>(`SELECT * FROM contributions WHERE ${where} = ?`, value).toArray()[0];
  }

  private contributionView(row: ContributionRow): ContributionView & { state: ContributionState } {
    return {
      ...(JSON.parse(row.draft_json) as ContributionDraft),
      id: row.id,
      number: orderNumber(row.number),
      created: row.created,
      state: row.state,
      payment: JSON.parse(row.payment_json) as PaymentRecord,
    };
  }

  /** Records a contribution before its payment (idempotent by key); a failed one under the same key is tried again. */
  async contribute(
    idempotencyKey: string,
    draft: ContributionDraft,
    payment: PaymentRecord,
    now = Date.now(),
  ): Promise<ContributionView & { state: ContributionState }> {
    const existing = this.contributionRow('idempotency_key', idempotencyKey);
    if (existing && (existing.state === 'pending' || existing.state === 'paid')) return this.contributionView(existing);
    if (existing) {
      this.sql.exec(
        "UPDATE contributions SET state = 'pending', updated = ?, draft_json = ?, payment_json = ? WHERE id = ?",
        now,
        JSON.stringify(draft),
        JSON.stringify(payment),
        existing.id,
      );
    } else {
      this.sql.exec(
        `INSERT INTO contributions (id, number, idempotency_key, state, created, updated, draft_json, payment_json)
         VALUES (?, ?, ?, 'pending', ?, ?, ?, ?)`,
        guid(),
        this.next('contribution'),
        idempotencyKey,
        now,
        now,
        JSON.stringify(draft),
        JSON.stringify(payment),
      );
    }
    await this.scheduleExpiry(now + PENDING_TTL_MS);
    return this.contributionView(this.contributionRow('idempotency_key', idempotencyKey)!);
  }

  async settleContribution(
    id: string,
    paid: boolean,
    payment: PaymentRecord,
    now = Date.now(),
  ): Promise<(ContributionView & { state: ContributionState }) | null> {
    const row = this.contributionRow('id', id);
    if (!row) return null;
    if (row.state === 'pending') {
      this.sql.exec(
        'UPDATE contributions SET state = ?, updated = ?, payment_json = ? WHERE id = ?',
        paid ? 'paid' : 'failed',
        now,
        JSON.stringify(payment),
        id,
      );
    }
    return this.contributionView(this.contributionRow('id', id)!);
  }

  async contribution(id: string): Promise<(ContributionView & { state: ContributionState }) | null> {
    const row = this.contributionRow('id', id);
    return row ? this.contributionView(row) : null;
  }

  /** The owner's export of orders: those numbered after `afterNumber`, oldest first, at most `limit` (1 to 500). */
  async exportOrders(afterNumber: number, limit: number): Promise<ExportPage<ExportedOrder>> {
    const n = Math.max(1, Math.min(500, Math.floor(limit)));
    const rows = this.sql.exec<OrderRow>('SELECT * FROM orders WHERE number > ? ORDER BY number LIMIT ?', afterNumber, n).toArray();
    return {
      rows: rows.map((row) => ({ ...this.view(row), updated: row.updated, giftCardCode: row.gift_card_code })),
      next: rows.length === n ? rows[rows.length - 1]!.number : null,
    };
  }

  /** The owner's export of contributions, as exportOrders. */
  async exportContributions(afterNumber: number, limit: number): Promise<ExportPage<ExportedContribution>> {
    const n = Math.max(1, Math.min(500, Math.floor(limit)));
    const rows = this.sql
      .exec<ContributionRow>('SELECT * FROM contributions WHERE number > ? ORDER BY number LIMIT ?', afterNumber, n)
      .toArray();
    return {
      rows: rows.map((row) => ({ ...this.contributionView(row), updated: row.updated })),
      next: rows.length === n ? rows[rows.length - 1]!.number : null,
    };
  }

  /**
   * Where an export of at most `limit` rows after `afterNumber` ends when more rows follow (the number of its last row),
   * or null when those rows are the last: the export's link to its next part.
   */
  async exportEnd(kind: 'orders' | 'contributions', afterNumber: number, limit: number): Promise<number | null> {
    const table = kind === 'orders' ? 'orders' : 'contributions';
    const rows = this.sql
      .exec<{ number: number }>(`SELECT number FROM ${table} WHERE number > ? ORDER BY number LIMIT 2 OFFSET ?`, afterNumber, limit - 1)
      .toArray();
    return rows.length === 2 ? rows[0]!.number : null;
  }

  /** Orders and contributions still unpaid after PENDING_TTL_MS are given up. */
  override async alarm(): Promise<void> {
    const now = Date.now();
    const cutoff = now - PENDING_TTL_MS;
    for (const row of this.sql.exec<OrderRow>("SELECT * FROM orders WHERE state = 'pending' AND updated <= ?", cutoff).toArray()) {
      this.giveUp(row, 'expired', now);
    }
    this.sql.exec("UPDATE contributions SET state = 'expired', updated = ? WHERE state = 'pending' AND updated <= ?", now, cutoff);
    const next = this.sql
      .exec<{ at: number | null }>(
        "SELECT MIN(updated) AS at FROM (SELECT updated FROM orders WHERE state = 'pending' UNION ALL SELECT updated FROM contributions WHERE state = 'pending')",
      )
      .one().at;
    if (next !== null) await this.ctx.storage.setAlarm(next + PENDING_TTL_MS);
  }

  /** Orders by state and what is sold of each variant, for operations and tests. */
  async counts(): Promise<{ orders: Record<string, number>; sold: Record<string, number> }> {
    const orders: Record<string, number> = {};
    for (const r of this.sql.exec<{ state: string; n: number }>('SELECT state, COUNT(*) AS n FROM orders GROUP BY state'))
      orders[r.state] = r.n;
    const sold: Record<string, number> = {};
    for (const r of this.sql.exec<StockRow>('SELECT * FROM stock')) sold[r.key] = r.sold;
    return { orders, sold };
  }
}
