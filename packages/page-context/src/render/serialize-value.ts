/**
 * Safe serialization of whatever a component pushes as data: the result is always a plain JSON
 * value, bounded in size, and the function never throws (getters and proxies that throw included).
 *
 * What becomes what: cycles → `"[Circular]"`; functions and symbol-keyed properties are dropped from
 * objects (`null` in arrays, as `JSON.stringify` does); symbols → `"Symbol(desc)"`; BigInt → its
 * decimal digits; non-finite numbers → `"NaN"`/`"Infinity"`; Dates → ISO strings; Maps → objects
 * (or `{key, value}` lists when keys are not primitives); Sets, typed arrays → arrays; Errors →
 * `{name, message, code?}`; DOM nodes and React elements → short markers; lone surrogates → U+FFFD;
 * anything cut says so with a marker (`… [cut 1200 chars]`, `… [40 more items]`, `"…": "3 more keys"`).
 * A `__proto__` key stays a plain key. Huge strings, keys, Maps, Sets and typed arrays are read only
 * as far as they are kept, so a 10 MB string costs what its first 500 characters do.
 */
import type { JsonObject, JsonValue } from '../types.js';

/** Options of {@link serializeValue}. */
export interface SerializeOptions {
  /** Approximate cap on the UTF-8 size of the JSON text, in bytes. Default 4,096. */
  maxBytes?: number;
  /** Longest string kept, in UTF-16 code units; longer strings are cut with a marker. Default 500. */
  maxStringLength?: number;
  /** Deepest nesting kept (the value itself is depth 0). Default 6. */
  maxDepth?: number;
  /** Most items per array, Set or Map and most keys per object. Default 50. */
  maxEntries?: number;
}

/** Default caps of {@link serializeValue}, per node. */
export const DEFAULT_SERIALIZE_OPTIONS: Readonly<Required<SerializeOptions>> = {
  maxBytes: 4096,
  maxStringLength: 500,
  maxDepth: 6,
  maxEntries: 50,
};

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Replaces lone UTF-16 surrogates (invalid Unicode) with U+FFFD so the text encodes cleanly.
 * @param text - any string.
 * @returns a well-formed string of the same length.
 */
export function toWellFormedText(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * Cuts `text` to at most `maxLength` code units (never inside a surrogate pair) plus a marker.
 * @param text - any string (a lone surrogate stays as it was).
 * @param maxLength - code units kept before the marker.
 * @returns `text` when short enough, else its head and `… [cut N chars]`.
 */
export function cutText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let end = Math.max(0, maxLength);
  const code = text.charCodeAt(end - 1);
  const next = text.charCodeAt(end);
  if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) end -= 1;
  return `${text.slice(0, end)}… [cut ${text.length - end} chars]`;
}

function utf8Length(text: string): number {
  let bytes = text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code > 0x7f) bytes += code > 0x7ff && (code < 0xd800 || code > 0xdfff) ? 2 : 1;
  }
  return bytes;
}

type Limits = Required<SerializeOptions>;

interface State {
  limits: Limits;
  /** Bytes left in the budget; may go slightly negative by the size of markers. */
  remaining: number;
  /** Objects on the current path (cycle detection). */
  path: Set<object>;
}

/**
 * Turns any value into a bounded JSON value.
 * @param value - anything (cyclic, exotic, hostile getters included).
 * @param options - size caps; defaults in {@link DEFAULT_SERIALIZE_OPTIONS}.
 * @returns a JSON value; `undefined` and functions at the top level become `null`. Never throws.
 */
export function serializeValue(value: unknown, options: SerializeOptions = {}): JsonValue {
  const limits: Limits = { ...DEFAULT_SERIALIZE_OPTIONS, ...options };
  const state: State = { limits, remaining: limits.maxBytes, path: new Set() };
  try {
    return convert(value, 0, state) ?? null;
  } catch {
    return '[Unserializable]';
  }
}

function spend(state: State, result: JsonValue): JsonValue {
  state.remaining -=
    typeof result === 'string' ? utf8Length(result) + 2 : typeof result === 'object' ? 2 : 5;
  return result;
}

/** Returns `undefined` for values an object should drop (functions, undefined, symbols as keys). */
function convert(value: unknown, depth: number, state: State): JsonValue | undefined {
  switch (typeof value) {
    case 'undefined':
    case 'function':
      return undefined;
    case 'boolean':
      return spend(state, value);
    case 'number':
      return spend(state, Number.isFinite(value) ? (Object.is(value, -0) ? 0 : value) : `${value}`);
    case 'bigint':
      return spend(state, value.toString());
    case 'symbol':
      return spend(state, value.toString());
    case 'string':
      // Cut first: well-forming a 10 MB string would cost far more than the 500 units kept.
      return spend(state, toWellFormedText(cutText(value, state.limits.maxStringLength)));
  }
  if (value === null) return spend(state, null);
  return convertObject(value as object, depth, state);
}

function convertObject(value: object, depth: number, state: State): JsonValue {
  if (state.path.has(value)) return spend(state, '[Circular]');
  const special = convertSpecial(value, state);
  if (special !== undefined) return special;
  if (depth >= state.limits.maxDepth) {
    return spend(state, Array.isArray(value) ? `[Array(${value.length})]` : '[Object]');
  }
  state.path.add(value);
  try {
    if (Array.isArray(value)) return convertList(value, value.length, depth, state);
    if (value instanceof Set) return convertList(value, value.size, depth, state);
    if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
      const items = value as unknown as ArrayLike<number | bigint> & Iterable<number | bigint>;
      return convertList(items, items.length, depth, state);
    }
    if (value instanceof Map) return convertMap(value, depth, state);
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') {
      return convert(toJSON.call(value), depth + 1, state) ?? spend(state, null);
    }
    const record = value as Record<string, unknown>;
    return convertEntries(Object.keys(value), (key) => record[key], depth, state);
  } catch (error) {
    return spend(state, describeThrown('Unserializable', error, state));
  } finally {
    state.path.delete(value);
  }
}

/** Values with a fixed short form; `undefined` when `value` is an ordinary object. */
function convertSpecial(value: object, state: State): JsonValue | undefined {
  if (value instanceof Date) {
    return spend(state, Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString());
  }
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    const result: JsonObject = {
      name: toWellFormedText(value.name),
      message: toWellFormedText(cutText(value.message, state.limits.maxStringLength)),
    };
    if (typeof code === 'string' || typeof code === 'number') result.code = code;
    return spend(state, result);
  }
  if (value instanceof RegExp) return spend(state, value.toString());
  if (value instanceof ArrayBuffer) return spend(state, `[ArrayBuffer ${value.byteLength} bytes]`);
  if (value instanceof DataView) return spend(state, `[DataView ${value.byteLength} bytes]`);
  if (value instanceof Promise || value instanceof WeakMap || value instanceof WeakSet) {
    return spend(state, `[${value.constructor.name}]`);
  }
  const record = value as { nodeType?: unknown; nodeName?: unknown; $$typeof?: unknown };
  if (typeof record.nodeType === 'number' && typeof record.nodeName === 'string') {
    return spend(state, `[DOM ${record.nodeName.toLowerCase()}]`);
  }
  if (typeof record.$$typeof === 'symbol') return spend(state, '[React element]');
  return undefined;
}

/** The first `limit` items of a collection, without copying the rest (arrays read by index). */
function head<T>(items: Iterable<T>, limit: number): T[] {
  const result: T[] = [];
  if (limit <= 0) return result;
  if (Array.isArray(items)) {
    for (let index = 0; index < limit && index < items.length; index++) result.push(items[index]);
    return result;
  }
  for (const item of items) {
    result.push(item);
    if (result.length >= limit) break;
  }
  return result;
}

/** `[<label>: <message>]` for a thrown value; never throws itself (hostile errors included). */
function describeThrown(label: string, error: unknown, state: State): string {
  let message = 'error';
  try {
    if (error instanceof Error && typeof error.message === 'string') message = error.message;
  } catch {
    // A proxy or getter that throws again: keep the generic word.
  }
  return `[${label}: ${toWellFormedText(cutText(message, state.limits.maxStringLength))}]`;
}

function convertList(
  items: Iterable<unknown>,
  length: number,
  depth: number,
  state: State,
): JsonValue {
  const result: JsonValue[] = [];
  spend(state, result);
  const kept = head(items, Math.min(length, state.limits.maxEntries));
  let index = 0;
  for (; index < kept.length && state.remaining > 0; index++) {
    result.push(convert(kept[index], depth + 1, state) ?? null);
  }
  if (index < length) result.push(`… [${length - index} more items]`);
  return result;
}

/** Only the first `maxEntries` entries are read, so a huge Map costs no more than a small one. */
function convertMap(map: Map<unknown, unknown>, depth: number, state: State): JsonValue {
  const entries = head(map, state.limits.maxEntries);
  if (entries.every(([key]) => typeof key !== 'object' && typeof key !== 'function')) {
    const byName = new Map(entries.map(([key, value]) => [String(key), value]));
    const keys = [...byName.keys()];
    const total = keys.length + map.size - entries.length;
    return convertEntries(keys, (name) => byName.get(name), depth, state, total);
  }
  return convertList(
    entries.map(([key, value]) => ({ key, value })),
    map.size,
    depth,
    state,
  );
}

function convertEntries(
  keys: readonly string[],
  read: (key: string) => unknown,
  depth: number,
  state: State,
  total = keys.length,
): JsonValue {
  const result: JsonObject = {};
  spend(state, result);
  let kept = 0;
  let index = 0;
  for (; index < keys.length; index++) {
    if (kept >= state.limits.maxEntries || state.remaining <= 0) break;
    const key = keys[index] as string;
    let converted: JsonValue | undefined;
    try {
      converted = convert(read(key), depth + 1, state);
    } catch (error) {
      converted = spend(state, describeThrown('Thrown', error, state));
    }
    if (converted === undefined) continue;
    const safeKey = toWellFormedText(cutText(key, state.limits.maxStringLength));
    state.remaining -= utf8Length(safeKey) + 4;
    // Defined, not assigned: `result.__proto__ = …` would set the prototype and lose the key.
    Object.defineProperty(result, safeKey, {
      value: converted,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    kept++;
  }
  if (index < total) result['…'] = `${total - index} more keys`;
  return result;
}
