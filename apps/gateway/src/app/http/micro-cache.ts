interface Entry<V> {
  value: V;
  expires: number;
}

/**
 * A short-lived in-process cache for a hot read: within `ttlMs` a key is loaded once, concurrent misses
 * share one load, errors are never kept, and `invalidate()` forgets everything at once (a load that
 * started before it is answered but not kept). At most `maxEntries` keys; the oldest go first. A TTL of
 * 0 turns it off.
 */
export class MicroCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly loading = new Map<K, Promise<V>>();
  private epoch = 0;

  /**
   * `expiresAt` may shorten a value's life below `ttlMs` (a token's own expiry); `clock` is the time
   * source of stored expiries.
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly expiresAt: (value: V, ttlEnd: number) => number = (_value, ttlEnd) => ttlEnd,
    private readonly clock: () => number = Date.now,
  ) {}

  async get(key: K, load: () => Promise<V>, now = this.clock()): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const entry = this.entries.get(key);
    if (entry && entry.expires > now) return entry.value;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const epoch = this.epoch;
    const started = load().then(
      (value) => {
        if (this.loading.get(key) === started) this.loading.delete(key);
        if (epoch === this.epoch) this.store(key, value, this.expiresAt(value, this.clock() + this.ttlMs));
        return value;
      },
      (error: unknown) => {
        if (this.loading.get(key) === started) this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, started);
    return started;
  }

  /** Forgets every key, and any load still in flight will not be kept. */
  invalidate(): void {
    this.epoch += 1;
    this.entries.clear();
    this.loading.clear();
  }

  private store(key: K, value: V, expires: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
  }
}
