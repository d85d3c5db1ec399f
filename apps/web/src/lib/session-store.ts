/**
 * What the page may know about a browser session: never the token (an httpOnly
 * cookie holds it), only facts the guards need, such as when it expires.
 *
 * The facts live in localStorage so that a new tab, which shares the cookie,
 * also knows the session is open. That exposes nothing the cookie does not
 * already keep for as long: they end when the session expires (`read` drops
 * them) or on logout, and a session the server ended is dropped at its first 401.
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
  /** Calls `listener` when this tab or another one saves or clears the session. */
  subscribe: (listener: () => void) => () => void;
}

const CHANGED_HERE = 'sufel:session-changed';

export function createSessionStore<T extends SessionFacts>(
  key: string,
  isFacts: (value: unknown) => value is T,
  storage: () => Storage = () => localStorage,
): SessionStore<T> {
  // Other tabs hear of changes through `storage` events; this one needs its own.
  const announce = () => window.dispatchEvent(new CustomEvent(CHANGED_HERE, { detail: key }));
  const clear = () => {
    const had = storage().getItem(key) !== null;
    storage().removeItem(key);
    if (had) announce();
  };
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
      announce();
    },
    clear,
    subscribe(listener) {
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener();
      };
      const onChangedHere = (event: Event) => {
        if ((event as CustomEvent<string>).detail === key) listener();
      };
      window.addEventListener('storage', onStorage);
      window.addEventListener(CHANGED_HERE, onChangedHere);
      return () => {
        window.removeEventListener('storage', onStorage);
        window.removeEventListener(CHANGED_HERE, onChangedHere);
      };
    },
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
