// The API's error answer: JSON `{"error": message}` the client's request layer understands (§8), never cached.
import { HTTPException } from 'hono/http-exception';

/** A JSON error answer, thrown from anywhere in a handler or middleware; the app's error handler sends it. */
export function apiError(status: number, message: string, headers: Record<string, string> = {}): HTTPException {
  const res = new Response(JSON.stringify({ error: message }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
  return new HTTPException(status as 400, { res, message });
}
