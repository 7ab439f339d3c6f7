// What a request knows of its logged-in account. A module of its own so that the render state (and the block modules,
// which publish:site loads on Node) can name it without the session machinery and the Worker's bindings behind it.
import type { Account } from '../../shared/snapshot/schema.ts';

export interface Session {
  account: Account;
  /** the account's permissions on this site; non-empty makes an editor (§6) */
  permissions: Record<string, boolean>;
  /** a non-empty permissions object on this site */
  isEditor: boolean;
  expiresAt: number;
}
