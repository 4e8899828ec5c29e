import { describe, expect, it } from 'vitest';
import { ReadCache } from '../../../store/read-cache';

const counter = () => {
  let n = 0;
  return {
    load: async () => ++n,
    get count() {
      return n;
    },
  };
};

describe('ReadCache', () => {
  it('shares one load between concurrent reads and reuses it within the ttl', async () => {
    const cache = new ReadCache<number>(100);
    const c = counter();
    expect(await Promise.all([cache.get('k', c.load, 0), cache.get('k', c.load, 0), cache.get('k', c.load, 50)])).toEqual([1, 1, 1]);
    expect(c.count).toBe(1);
  });

  it('answers the old value while one refresh runs, then the refreshed one', async () => {
    const cache = new ReadCache<number>(100, 100, 300);
    const c = counter();
    await cache.get('k', c.load, 0);
    const during = [cache.get('k', c.load, 150), cache.get('k', c.load, 160)];
    expect(await Promise.all(during)).toEqual([1, 1]);
    expect(c.count).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('k', c.load, 170)).toBe(2);
    expect(c.count).toBe(2);
  });

  it('waits for a fresh load once the value is past ttl + stale', async () => {
    const cache = new ReadCache<number>(100, 100, 300);
    const c = counter();
    await cache.get('k', c.load, 0);
    expect(await cache.get('k', c.load, 401)).toBe(2);
  });

  it('forgets deleted keys and failed loads', async () => {
    const cache = new ReadCache<number>(1000);
    const c = counter();
    await cache.get('k', c.load, 0);
    cache.delete('k');
    expect(await cache.get('k', c.load, 1)).toBe(2);
    await expect(cache.get('bad', () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('bad', c.load, 1)).toBe(3);
  });

  it('keeps at most maxEntries', async () => {
    const cache = new ReadCache<number>(1000, 10);
    const c = counter();
    for (let i = 0; i < 50; i++) await cache.get(`k${i}`, c.load, 0);
    expect((cache as unknown as { entries: Map<string, unknown> }).entries.size).toBeLessThanOrEqual(10);
  });
});
