// Durable Object classes the runtime no longer uses but Cloudflare still holds namespaces for. A deploy may not stop
// exporting a class that has a namespace, and Cloudflare refuses to delete a class in the same deploy that removes its
// binding (API error 10061), so each stays here, empty and unbound, until the next migration in wrangler.toml deletes
// it; that deploy removes it from this file.
import { DurableObject } from 'cloudflare:workers';

/** Failed-login counters (migration v1), replaced by SlidingWindowThrottle in v3. */
export class LoginThrottle extends DurableObject {}

/** Form submission budgets (migration v2), replaced by SlidingWindowThrottle in v3. */
export class FormThrottle extends DurableObject {}
