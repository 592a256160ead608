// localStorage that never throws: storage can be full, disabled or absent (prerendering), and a lost
// remembered value must not break a page.
export function readJson<T>(key: string): T | null {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown) {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // nothing to do: the value is only a convenience
  }
}

export function removeKey(key: string) {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // as above
  }
}

/** A plain string value (no JSON), for keys other code may write by hand. */
export function readText(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeText(key: string, value: string) {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // as above
  }
}
