/**
 * What the page may know about a browser session: never the token (an httpOnly
 * cookie holds it), only facts the guards need, such as when it expires.
 */
export interface SessionFacts {
  /** Unix time in seconds, as the server answers it. */
  expire: number;
}

export interface SessionStore<T extends SessionFacts> {
  /** The facts of a session that has not expired yet, or null. */
  read: (now?: number) => T | null;
  save: (facts: T) => void;
  clear: () => void;
}

export function createSessionStore<T extends SessionFacts>(
  key: string,
  isFacts: (value: unknown) => value is T,
  storage: () => Storage = () => sessionStorage,
): SessionStore<T> {
  const clear = () => storage().removeItem(key);
  return {
    read(now = Date.now()) {
      const text = storage().getItem(key);
      if (text === null) return null;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        clear();
        return null;
      }
      if (!isFacts(value) || value.expire * 1000 <= now) {
        clear();
        return null;
      }
      return value;
    },
    save(facts) {
      storage().setItem(key, JSON.stringify(facts));
    },
    clear,
  };
}

export function hasExpiry(value: unknown): value is SessionFacts {
  return (
    typeof value === 'object' &&
    value !== null &&
    'expire' in value &&
    typeof value.expire === 'number' &&
    Number.isFinite(value.expire)
  );
}
