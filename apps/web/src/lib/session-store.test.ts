import { describe, expect, it } from 'vitest';
import { createSessionStore, hasExpiry } from './session-store';

const store = createSessionStore('test.session', hasExpiry);
const now = Date.UTC(2024, 10, 26, 12);
const inSeconds = (ms: number) => Math.floor(ms / 1000);

describe('session store', () => {
  it('keeps the facts of a live session in sessionStorage', () => {
    store.save({ expire: inSeconds(now) + 60 });
    expect(store.read(now)).toEqual({ expire: inSeconds(now) + 60 });
    expect(sessionStorage.getItem('test.session')).not.toBeNull();
  });

  it('forgets a session once it expires', () => {
    store.save({ expire: inSeconds(now) });
    expect(store.read(now)).toBeNull();
    expect(sessionStorage.getItem('test.session')).toBeNull();
  });

  it('treats damaged facts as no session', () => {
    sessionStorage.setItem('test.session', '{not json');
    expect(store.read(now)).toBeNull();
    sessionStorage.setItem('test.session', JSON.stringify({ expire: 'tomorrow' }));
    expect(store.read(now)).toBeNull();
  });

  it('clears', () => {
    store.save({ expire: inSeconds(now) + 60 });
    store.clear();
    expect(store.read(now)).toBeNull();
  });
});
