// JSON read from a request: parsed, and refused when nested deeper than any payload of §7 (a body of a few KiB can
// nest thousands of levels, which only costs the validators, the storage and the origin that walk it afterwards).

/** The deepest nesting (objects and arrays) a request's JSON may have; §7's payloads need four. */
export const JSON_MAX_DEPTH = 32;

/** Thrown for JSON nested deeper than allowed. */
export class JsonTooDeepError extends Error {
  constructor(readonly maxDepth: number) {
    super(`The JSON is nested too deeply: at most ${maxDepth} levels.`);
    this.name = 'JsonTooDeepError';
  }
}

/** The depth of a parsed value, walked without recursion; stops as soon as it passes `limit`. */
function depthOver(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/** JSON.parse (a SyntaxError for text that is not JSON), then a JsonTooDeepError past `maxDepth` levels. */
export function parseRequestJson(text: string, maxDepth = JSON_MAX_DEPTH): unknown {
  const value: unknown = JSON.parse(text);
  if (depthOver(value, maxDepth)) throw new JsonTooDeepError(maxDepth);
  return value;
}
