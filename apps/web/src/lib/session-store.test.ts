import { describe, expect, it, vi } from 'vitest';
import { createSessionStore, hasExpiry } from './session-store';

const store = createSessionStore('test.session', hasExpiry);
const now = Date.UTC(2024, 10, 26, 12);
const inSeconds = (ms: number) => Math.floor(ms / 1000);

describe('session store', () => {
  it('keeps the facts of a live session where a new tab finds them', () => {
    store.save({ expire: inSeconds(now) + 60 });
    expect(store.read(now)).toEqual({ expire: inSeconds(now) + 60 });
    expect(localStorage.getItem('test.session')).not.toBeNull();
  });

  it('forgets a session once it expires', () => {
    store.save({ expire: inSeconds(now) });
    expect(store.read(now)).toBeNull();
    expect(localStorage.getItem('test.session')).toBeNull();
  });

  it('treats damaged facts as no session', () => {
    localStorage.setItem('test.session', '{not json');
    expect(store.read(now)).toBeNull();
    localStorage.setItem('test.session', JSON.stringify({ expire: 'tomorrow' }));
    expect(store.read(now)).toBeNull();
  });

  it('clears', () => {
    store.save({ expire: inSeconds(now) + 60 });
    store.clear();
    expect(store.read(now)).toBeNull();
  });

  it('tells listeners of changes made here and in other tabs', () => {
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.save({ expire: inSeconds(now) + 60 });
    expect(listener).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: 'test.session' }));
    expect(listener).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new StorageEvent('storage', { key: 'sufel.language' }));
    store.clear();
    expect(listener).toHaveBeenCalledTimes(3);
    stop();
    store.save({ expire: inSeconds(now) + 60 });
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
