import {
  bucketStarts,
  containsPattern,
  decodeCursor,
  encodeCursor,
  InputError,
  revenueInWindow,
  rollupPlan,
  statePrice,
  statusLabel,
  windowOf,
} from './windows';

const t = (iso: string) => new Date(iso);
const DAY = 86_400_000;

describe('windowOf', () => {
  it('ends at message.now and starts range before it', () => {
    const w = windowOf({ range: '7d', now: '2026-03-10T12:00:00.000Z' });
    expect(w.to.toISOString()).toBe('2026-03-10T12:00:00.000Z');
    expect(w.from.toISOString()).toBe('2026-03-03T12:00:00.000Z');
    expect(w.unit).toBe('day');
    expect(w.days).toBe(7);
  });

  it('uses the clock without now, hours for 24h', () => {
    const w = windowOf({ range: '24h' }, t('2026-03-10T12:30:00Z'));
    expect(w.from.toISOString()).toBe('2026-03-09T12:30:00.000Z');
    expect(w.unit).toBe('hour');
  });

  it('refuses unknown ranges and bad times', () => {
    expect(() => windowOf({ range: '1y' })).toThrow(InputError);
    expect(() => windowOf({})).toThrow('range must be one of 24h, 7d, 30d, 90d');
    expect(() => windowOf({ range: '7d', now: 'yesterday' })).toThrow('now must be an ISO date and time');
  });
});

describe('bucketStarts', () => {
  it('gives every UTC hour touching (from, to] for 24h', () => {
    const buckets = bucketStarts(t('2026-03-09T12:30:00Z'), t('2026-03-10T12:30:00Z'), 'hour');
    expect(buckets).toHaveLength(25);
    expect(buckets[0].toISOString()).toBe('2026-03-09T12:00:00.000Z');
    expect(buckets[24].toISOString()).toBe('2026-03-10T12:00:00.000Z');
  });

  it('leaves out the bucket that only holds the excluded start instant', () => {
    const buckets = bucketStarts(t('2026-03-03T00:00:00Z'), t('2026-03-10T00:00:00Z'), 'day');
    expect(buckets[0].toISOString()).toBe('2026-03-03T00:00:00.000Z');
    expect(buckets).toHaveLength(8);
    expect(buckets[7].toISOString()).toBe('2026-03-10T00:00:00.000Z');
    const hours = bucketStarts(t('2026-03-09T12:00:00Z'), t('2026-03-10T12:00:00Z'), 'hour');
    expect(hours[0].toISOString()).toBe('2026-03-09T12:00:00.000Z');
    expect(hours).toHaveLength(25);
  });
});

describe('rollupPlan', () => {
  it('sums whole hours from the rollup and the edges event by event', () => {
    const plan = rollupPlan(t('2026-03-09T12:30:00Z'), t('2026-03-10T12:30:00Z'));
    expect(plan.fullAfter.toISOString()).toBe('2026-03-09T12:00:00.000Z');
    expect(plan.fullBefore.toISOString()).toBe('2026-03-10T12:00:00.000Z');
    expect(plan.headEnd.toISOString()).toBe('2026-03-09T13:00:00.000Z');
    expect(plan.tailStart.toISOString()).toBe('2026-03-10T12:00:00.000Z');
  });

  it('covers every instant of the window exactly once, on hour boundaries too', () => {
    const from = t('2026-03-09T12:00:00Z');
    const to = t('2026-03-10T12:00:00Z');
    const plan = rollupPlan(from, to);
    const HOUR = 3_600_000;
    const counted = (at: number) => {
      const hour = Math.floor(at / HOUR) * HOUR;
      const viaRollup = hour > plan.fullAfter.getTime() && hour < plan.fullBefore.getTime() ? 1 : 0;
      const head = at > from.getTime() && at < plan.headEnd.getTime() ? 1 : 0;
      const tail = at >= plan.tailStart.getTime() && at <= to.getTime() ? 1 : 0;
      return viaRollup + head + tail;
    };
    expect(counted(from.getTime())).toBe(0);
    expect(counted(from.getTime() + 1)).toBe(1);
    expect(counted(from.getTime() + HOUR)).toBe(1);
    expect(counted(to.getTime() - 1)).toBe(1);
    expect(counted(to.getTime())).toBe(1);
    expect(counted(to.getTime() + 1)).toBe(0);
    for (let at = from.getTime() + 1; at <= to.getTime(); at += 7 * 60_000 + 13) expect(counted(at)).toBe(1);
  });

  it('counts a short window event by event', () => {
    const plan = rollupPlan(t('2026-03-10T12:10:00Z'), t('2026-03-10T12:50:00Z'));
    expect(plan.fullAfter.getTime()).toBe(plan.fullBefore.getTime());
    expect(plan.headEnd.getTime()).toBeGreaterThan(t('2026-03-10T12:50:00Z').getTime());
  });
});

describe('statusLabel', () => {
  it.each([
    ['trial', 'Free Trial'],
    ['active', 'Premium'],
    ['past_due', 'Payment Due'],
    ['canceled', 'Canceled'],
    ['paused', 'Unknown'],
  ])('%s → %s', (status, label) => expect(statusLabel(status)).toBe(label));
});

describe('statePrice', () => {
  it('is the plan price only while active on a paid plan', () => {
    expect(statePrice('pro', 'active')).toBe(200);
    expect(statePrice('enterprise', 'active')).toBe(500);
    expect(statePrice('trial', 'active')).toBe(0);
    expect(statePrice('pro', 'past_due')).toBe(0);
    expect(statePrice('pro', 'canceled')).toBe(0);
    expect(statePrice('pro', 'trial')).toBe(0);
  });
});

describe('revenueInWindow', () => {
  const from = t('2026-03-01T00:00:00Z');
  const to = t('2026-03-31T00:00:00Z');

  it('earns price / 30 per paid day inside the window', () => {
    expect(revenueInWindow([{ at: t('2026-01-01T00:00:00Z'), price: 200 }], from, to)).toBeCloseTo(200);
  });

  it('counts nothing for a state that starts exactly at the end of the window', () => {
    expect(revenueInWindow([{ at: to, price: 200 }], from, to)).toBe(0);
  });

  it('counts a state ending exactly at the start of the window as nothing', () => {
    expect(revenueInWindow([{ at: t('2026-02-01T00:00:00Z'), price: 200 }, { at: from, price: 0 }], from, to)).toBe(0);
  });

  it('follows a plan changed mid-window', () => {
    const states = [
      { at: t('2026-02-01T00:00:00Z'), price: 200 },
      { at: new Date(from.getTime() + 10 * DAY), price: 500 },
    ];
    expect(revenueInWindow(states, from, to)).toBeCloseTo((10 * 200) / 30 + (20 * 500) / 30);
  });

  it('earns from the conversion of a trial on, and nothing after a cancellation', () => {
    const states = [
      { at: t('2026-02-25T00:00:00Z'), price: 0 },
      { at: new Date(from.getTime() + 3 * DAY), price: 200 },
      { at: new Date(from.getTime() + 9 * DAY), price: 0 },
    ];
    expect(revenueInWindow(states, from, to)).toBeCloseTo((6 * 200) / 30);
  });

  it('counts part days in proportion and sorts states', () => {
    const states = [
      { at: new Date(from.getTime() + 12 * 3_600_000), price: 0 },
      { at: from, price: 300 },
    ];
    expect(revenueInWindow(states, from, to)).toBeCloseTo(0.5 * 10);
  });
});

describe('export cursors', () => {
  it('round-trips time and id', () => {
    const cursor = encodeCursor('2026-03-10T12:00:00.123456Z', 42);
    expect(decodeCursor(cursor)).toEqual({ at: '2026-03-10T12:00:00.123456Z', id: '42' });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('refuses anything else', () => {
    expect(() => decodeCursor('not-a-cursor')).toThrow(InputError);
    expect(() => decodeCursor(Buffer.from(JSON.stringify(['x', '1'])).toString('base64url'))).toThrow(InputError);
    expect(() => decodeCursor(12)).toThrow(InputError);
  });
});

describe('containsPattern', () => {
  it('escapes %, _ and backslashes', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
