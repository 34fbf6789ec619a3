// JSON Merge Patch (RFC 7386): `createMergePatch(a, b)` is a patch that turns `a` into `b`, and
// `applyMergePatch(a, patch)` applies one. An object patch merges key by key (`null` removes a key);
// anything else, arrays included, replaces the value whole. The room server sends these between
// consecutive views (docs/protocol.md); every client applies them with the same function.
//
// RFC 7386 cannot set a value to null (null means "remove"), so a patch applied to a document whose
// objects hold nulls leaves those keys absent: `restoreNulls` puts them back where a document's
// shape says a key is nullable (the room view's are in game/room-sync.ts).

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** `target[key] = value` as an own property, even for a key named `__proto__` (JSON allows it). */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    target[key] = value;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Structural equality of two JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let count = 0;
  for (const key of Object.keys(x)) {
    if (x[key] === undefined) continue;
    count += 1;
    if (!Object.hasOwn(y, key) || !jsonEqual(x[key], y[key])) return false;
  }
  for (const key of Object.keys(y)) if (y[key] !== undefined) count -= 1;
  return count === 0;
}

/**
 * The merge patch from `a` to `b`, or `undefined` when they are equal. Keys of `a` missing from `b`
 * become `null`; a key whose value is `null` in `b` is sent as `null` too (it cannot be told apart
 * from a removal, see the header).
 */
export function createMergePatch(a: unknown, b: unknown): unknown {
  if (!isObject(a) || !isObject(b)) return jsonEqual(a, b) ? undefined : b;
  let patch: Record<string, unknown> | undefined;
  for (const key of Object.keys(a)) {
    if (a[key] !== undefined && (!Object.hasOwn(b, key) || b[key] === undefined)) {
      put((patch ??= {}), key, null);
    }
  }
  for (const key of Object.keys(b)) {
    const next = b[key];
    if (next === undefined) continue;
    const before = Object.hasOwn(a, key) ? a[key] : undefined;
    if (before === next) continue;
    if (before === undefined) {
      put((patch ??= {}), key, next);
    } else if (isObject(before) && isObject(next)) {
      // An object replacing an object is merged into it: the nested patch must not be read as a
      // replacement, so it only ever holds what changed.
      const nested = createMergePatch(before, next);
      if (nested !== undefined) put((patch ??= {}), key, nested);
    } else if (!jsonEqual(before, next)) {
      put((patch ??= {}), key, next);
    }
  }
  return patch;
}

/** RFC 7386 MergePatch(target, patch): a new value; `target` is not changed. */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const key in patch) {
    if (!Object.hasOwn(patch, key)) continue;
    const value = patch[key];
    if (value === null) delete result[key];
    else
      put(
        result,
        key,
        applyMergePatch(Object.hasOwn(result, key) ? result[key] : undefined, value),
      );
  }
  return result;
}

/**
 * Puts `null` back on the nullable keys a patch removed. Each path is a list of keys, `*` standing
 * for every key of a record; a key is filled only where its parent object exists.
 */
export function restoreNulls<T>(value: T, paths: readonly (readonly string[])[]): T {
  for (const path of paths) fill(value, path, 0);
  return value;
}

function fill(node: unknown, path: readonly string[], at: number): void {
  if (!isObject(node)) return;
  const key = path[at] as string;
  const last = at === path.length - 1;
  if (key === '*') {
    for (const child of Object.keys(node)) {
      if (last) {
        if (node[child] === undefined) node[child] = null;
      } else {
        fill(node[child], path, at + 1);
      }
    }
  } else if (last) {
    if (node[key] === undefined) node[key] = null;
  } else {
    fill(node[key], path, at + 1);
  }
}
