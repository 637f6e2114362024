import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  ADMIN_EXPORT_KINDS,
  type AdminAnalytics,
  type AdminCostDetail,
  type AdminCosts,
  type AdminExportKind,
  type AdminExportRows,
  type AdminQuickAccess,
  type AdminSecurity,
  type AdminSecurityEvent,
  type AdminSeriesPoint,
  type AdminSubscriptionEvent,
  type AdminSubscriptions,
  type AdminUser,
  type AdminUsersPage,
  type FixedCost,
  type FixedCostSettings,
  type SecuritySeverity,
} from '@veolearn/contracts';
import { PLANS, type Plan, SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@veolearn/domain';
import { returningRows } from '@veolearn/persistence';
import { addInto } from '../apply/increments';
import { ANALYTICS_EXPLANATIONS, COSTS_EXPLANATIONS, SUBSCRIPTION_EXPLANATIONS } from './explanations';
import {
  bucketStarts,
  cents,
  containsPattern,
  decodeCursor,
  encodeCursor,
  InputError,
  type MetricsWindow,
  rollupPlan,
  statePrice,
  statusLabel,
  truncUtc,
  windowOf,
} from './windows';

export const DEFAULT_USD_TO_AUD = 1.55;
export const MAX_PAGE_SIZE = 100;
export const MAX_EXPORT_ROWS = 5000;
const SEVERITIES: readonly SecuritySeverity[] = ['info', 'warning', 'critical'];
const FIXED_CATEGORIES = ['hosting', 'others'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_US = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

type Row = Record<string, unknown>;
/** One SQL read: the data source's own, or one bound to a snapshot transaction. */
type SqlQuery = (sql: string, params?: unknown[]) => Promise<Row[]>;

interface Rollup {
  totals: Record<string, number>;
  buckets: Map<number, Record<string, number>>;
}

function iso(value: unknown): string {
  return new Date(value as string | Date).toISOString();
}

function isoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : iso(value);
}

function num(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}

function one(value: number): number {
  return Math.round(value * 10) / 10;
}

export function positiveInt(value: unknown, name: string, max?: number): number {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throw new InputError(`${name} must be a whole number of 1 or more`);
  if (max !== undefined && n > max) throw new InputError(`${name} must be at most ${max}`);
  return n;
}

function toAdminUser(r: Row): AdminUser {
  const created = iso(r['created_at']);
  const isAdmin = r['is_admin'] === true;
  return {
    id: Number(r['id']),
    username: String(r['username'] ?? ''),
    email: String(r['email'] ?? ''),
    firstName: (r['first_name'] as string | null) ?? null,
    lastName: (r['last_name'] as string | null) ?? null,
    plan: r['plan'] as Plan,
    subscriptionStatus: r['subscription_status'] as SubscriptionStatus,
    status: statusLabel(String(r['subscription_status'])),
    isAdmin,
    role: isAdmin ? 'Admin' : 'User',
    totalVideosCreated: num(r['videos_created']),
    videos: Math.max(0, num(r['videos_current'])),
    createdAt: created,
    created,
    lastLoginAt: isoOrNull(r['last_login_at']),
  };
}

function toSecurityEvent(r: Row): AdminSecurityEvent {
  return {
    id: String(r['id']),
    eventType: String(r['event_type']),
    severity: r['severity'] as SecuritySeverity,
    userEmail: (r['user_email'] as string | null) ?? null,
    ipAddress: (r['ip_address'] as string | null) ?? null,
    details: (r['details'] as Record<string, unknown> | null) ?? null,
    createdAt: iso(r['occurred_at']),
    resolved: r['resolved'] === true,
  };
}

const USER_COLUMNS = 'id, username, email, first_name, last_name, plan, subscription_status, is_admin, videos_created, videos_current, created_at, last_login_at';

/** The admin queries: aggregate SQL over the read models and hourly rollups (see README). */
@Injectable()
export class AdminMetricsQueries {
  /** The service's clock (a range message without `now` ends here). */
  clock: () => Date = () => new Date();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  window(message: unknown): MetricsWindow {
    return windowOf(message as { range?: unknown; now?: unknown }, this.clock());
  }

  /**
   * Sums of the rollup metrics over the window, in total and per bucket: whole hours from
   * hourly_rollup, the partial hours at both edges event by event from processed_events.
   */
  async rollup(w: MetricsWindow, query: SqlQuery = (sql, params) => this.dataSource.query(sql, params)): Promise<Rollup> {
    const plan = rollupPlan(w.from, w.to);
    const [full, edges]: [Row[], Row[]] = await Promise.all([
      query(
        `SELECT (extract(epoch FROM date_trunc($3, hour AT TIME ZONE 'UTC')) * 1000)::float8 AS b, metric, sum(value)::float8 AS v
           FROM metrics.hourly_rollup WHERE hour > $1 AND hour < $2 GROUP BY 1, 2`,
        [plan.fullAfter, plan.fullBefore, w.unit],
      ),
      query(
        `SELECT occurred_at, increments FROM metrics.processed_events
          WHERE (occurred_at > $1 AND occurred_at < $2) OR (occurred_at >= $3 AND occurred_at <= $4)`,
        [w.from, plan.headEnd, plan.tailStart, w.to],
      ),
    ]);
    const totals: Record<string, number> = {};
    const buckets = new Map<number, Record<string, number>>();
    const bucket = (key: number) => {
      let b = buckets.get(key);
      if (!b) buckets.set(key, (b = {}));
      return b;
    };
    for (const r of full) {
      const metric = String(r['metric']);
      const v = num(r['v']);
      totals[metric] = (totals[metric] ?? 0) + v;
      const b = bucket(num(r['b']));
      b[metric] = (b[metric] ?? 0) + v;
    }
    for (const r of edges) {
      const inc = r['increments'] as Record<string, number>;
      addInto(totals, inc);
      addInto(bucket(truncUtc(new Date(r['occurred_at'] as string), w.unit).getTime()), inc);
    }
    return { totals, buckets };
  }

  private series(w: MetricsWindow, rollup: Rollup, pick: (m: Record<string, number>) => Record<string, number>): AdminSeriesPoint[] {
    return bucketStarts(w.from, w.to, w.unit).map((start) => ({ at: start.toISOString(), ...pick(rollup.buckets.get(start.getTime()) ?? {}) }));
  }

  private async userTotals(to: Date): Promise<{ total: number; trial: number; paid: number; trialed: number; converted: number }> {
    // Each count from its own partial index (see the metrics migration).
    const [r]: Row[] = await this.dataSource.query(
      `SELECT (SELECT count(*) FROM metrics.users WHERE registered AND created_at <= $1)::int AS total,
              (SELECT count(*) FROM metrics.users WHERE registered AND subscription_status = 'trial')::int AS trial,
              (SELECT count(*) FROM metrics.users WHERE registered AND subscription_status = 'active' AND plan <> 'trial' AND NOT unlimited AND NOT is_admin)::int AS paid,
              (SELECT count(*) FROM metrics.users WHERE registered AND trial_started_at IS NOT NULL)::int AS trialed,
              (SELECT count(*) FROM metrics.users WHERE registered AND trial_started_at IS NOT NULL AND converted_at IS NOT NULL)::int AS converted`,
      [to],
    );
    return { total: num(r?.['total']), trial: num(r?.['trial']), paid: num(r?.['paid']), trialed: num(r?.['trialed']), converted: num(r?.['converted']) };
  }

  private static conversion(trialed: number, converted: number): number {
    return trialed > 0 ? one((converted / trialed) * 100) : 0;
  }

  async analytics(message: unknown): Promise<AdminAnalytics> {
    const w = this.window(message);
    const [r, users] = await Promise.all([this.rollup(w), this.userTotals(w.to)]);
    const t = r.totals;
    const attempts = t['type|attempt.completed'] ?? 0;
    return {
      range: w.range,
      from: w.from.toISOString(),
      to: w.to.toISOString(),
      totalUsers: users.total,
      newUsersThisPeriod: t['type|user.registered'] ?? 0,
      recentEvents: t['events'] ?? 0,
      videosCreated: t['type|video.created'] ?? 0,
      vrVideos: t['video.vr'] ?? 0,
      totalQuestions: t['lesson.questions'] ?? 0,
      avgSessionTime: attempts > 0 ? one((t['attempt.seconds'] ?? 0) / attempts / 60) : 0,
      attemptsCompleted: attempts,
      videoSources: { youtube: t['video.source|youtube'] ?? 0, upload: t['video.source|upload'] ?? 0, generated: t['video.source|generated'] ?? 0 },
      trialUsers: users.trial,
      conversionRate: AdminMetricsQueries.conversion(users.trialed, users.converted),
      series: this.series(w, r, (m) => ({
        newUsers: m['type|user.registered'] ?? 0,
        videos: m['type|video.created'] ?? 0,
        lessons: m['type|lesson.generated'] ?? 0,
        attempts: m['type|attempt.completed'] ?? 0,
        events: m['events'] ?? 0,
      })),
      explanations: ANALYTICS_EXPLANATIONS,
    };
  }

  /** Revenue earned in (from, to]: each paid active second at price / 30 per day (see revenueInWindow). */
  async revenueInRange(w: MetricsWindow): Promise<number> {
    const [r]: Row[] = await this.dataSource.query(
      `SELECT (COALESCE(sum(price::float8 * extract(epoch FROM (LEAST(COALESCE(until, $2), $2) - GREATEST(at, $1)))::float8), 0) / 86400.0 / 30.0)::float8 AS revenue
         FROM metrics.plan_states WHERE price > 0 AND at < $2 AND (until IS NULL OR until > $1)`,
      [w.from, w.to],
    );
    return cents(num(r?.['revenue']));
  }

  async costs(message: unknown): Promise<AdminCosts> {
    const w = this.window(message);
    const [r, settings, revenue] = await Promise.all([this.rollup(w), this.fixedCosts(), this.revenueInRange(w)]);
    const rate = settings.usdToAud;
    const t = r.totals;
    const aud = (usd: number) => usd * rate;
    const breakdown = { openai: 0, veo: 0, hosting: 0, youtube: 0, others: 0 };
    for (const [key, value] of Object.entries(t)) {
      if (!key.startsWith('cost.usd|')) continue;
      const service = key.slice('cost.usd|'.length);
      const k = (service in breakdown ? service : 'others') as keyof typeof breakdown;
      breakdown[k] += aud(value);
    }
    const details: AdminCostDetail[] = [];
    for (const [key, value] of Object.entries(t)) {
      if (!key.startsWith('costd.usd|')) continue;
      const [service, costType] = key.slice('costd.usd|'.length).split('|');
      details.push({
        service: service ?? 'others',
        costType: costType ?? '',
        usage: t[`costd.tokens|${service}|${costType}`] ?? 0,
        usageUnit: 'tokens',
        amount: cents(aud(value)),
        currency: 'AUD',
        recordedAt: w.to.toISOString(),
      });
    }
    details.sort((a, b) => b.amount - a.amount);
    for (const item of settings.items) {
      const amount = (item.monthlyAmount * w.days) / 30;
      breakdown[item.category === 'hosting' ? 'hosting' : 'others'] += amount;
      details.push({ service: item.name, costType: `fixed:${item.category}`, usage: w.days, usageUnit: 'days', amount: cents(amount), currency: 'AUD', recordedAt: w.to.toISOString() });
    }
    const rounded = {
      openai: cents(breakdown.openai),
      veo: cents(breakdown.veo),
      hosting: cents(breakdown.hosting),
      youtube: cents(breakdown.youtube),
      others: cents(breakdown.others),
    };
    const totalCosts = cents(breakdown.openai + breakdown.veo + breakdown.hosting + breakdown.youtube + breakdown.others);
    const profit = cents(revenue - totalCosts);
    return {
      range: w.range,
      from: w.from.toISOString(),
      to: w.to.toISOString(),
      totalCosts,
      currency: 'AUD',
      breakdown: rounded,
      usage: { aiCalls: t['cost.calls'] ?? 0, promptTokens: t['cost.prompt'] ?? 0, completionTokens: t['cost.completion'] ?? 0, failedCalls: t['cost.failed'] ?? 0 },
      revenue,
      profit,
      profitMargin: revenue > 0 ? one((profit / revenue) * 100) : null,
      details,
      series: this.series(w, r, (m) => {
        let usd = 0;
        for (const [k, v] of Object.entries(m)) if (k.startsWith('cost.usd|')) usd += v;
        return { ai: cents(aud(usd)), calls: m['cost.calls'] ?? 0 };
      }),
      explanations: { ...COSTS_EXPLANATIONS, rate: `Exchange rate used: 1 USD = ${rate} AUD.` },
    };
  }

  async subscriptions(message: unknown): Promise<AdminSubscriptions> {
    const w = this.window(message);
    const [r, users, revenueInRange, atEnd, recent] = await Promise.all([
      this.rollup(w),
      this.userTotals(w.to),
      this.revenueInRange(w),
      this.plansAt(w.to),
      this.dataSource.query(
        `SELECT user_email, event_type, from_plan, to_plan, to_status, amount, occurred_at FROM metrics.subscription_events
          WHERE occurred_at > $1 AND occurred_at <= $2 ORDER BY occurred_at DESC, event_id DESC LIMIT 50`,
        [w.from, w.to],
      ) as Promise<Row[]>,
    ]);
    const byPlan = Object.fromEntries(PLANS.map((p) => [p, 0])) as Record<Plan, number>;
    let monthlyRevenue = 0;
    let activeSubscriptions = 0;
    for (const row of atEnd) {
      const plan = String(row['plan']) as Plan;
      if (plan in byPlan) byPlan[plan] += num(row['n']);
      monthlyRevenue += num(row['revenue']);
      activeSubscriptions += num(row['paid']);
    }
    const recentEvents: AdminSubscriptionEvent[] = recent.map((e) => ({
      userEmail: String(e['user_email']),
      eventType: String(e['event_type']),
      fromPlan: (e['from_plan'] as Plan | null) ?? null,
      toPlan: e['to_plan'] as Plan,
      toStatus: e['to_status'] as SubscriptionStatus,
      amount: num(e['amount']),
      createdAt: iso(e['occurred_at']),
    }));
    return {
      range: w.range,
      from: w.from.toISOString(),
      to: w.to.toISOString(),
      monthlyRevenue: cents(monthlyRevenue),
      revenueInRange,
      activeSubscriptions,
      trialUsers: users.trial,
      conversionRate: AdminMetricsQueries.conversion(users.trialed, users.converted),
      byPlan,
      recentEvents,
      series: this.series(w, r, (m) => ({ changes: m['type|subscription.changed'] ?? 0, newUsers: m['type|user.registered'] ?? 0 })),
      explanations: SUBSCRIPTION_EXPLANATIONS,
    };
  }

  /**
   * Accounts per plan and status at `at`: from the users' current state when no plan change is
   * newer than `at` (the usual case, a window ending now), else from the plan periods.
   */
  private async plansAt(at: Date): Promise<Row[]> {
    const [latest]: Row[] = await this.dataSource.query('SELECT max(state_at) AS latest FROM metrics.users');
    const current = !latest?.['latest'] || new Date(latest['latest'] as string).getTime() <= at.getTime();
    const grouped: Row[] = current
      ? // One index-only count per plan and status (every account was created by `at`: its registration is a state).
        await this.dataSource.query(
          `SELECT p AS plan, s AS subscription_status,
                  (SELECT count(*) FROM metrics.users u WHERE u.registered AND u.subscription_status = s AND u.plan = p)::int AS n,
                  CASE WHEN s = 'active' AND p <> 'trial'
                       THEN (SELECT count(*) FROM metrics.users u WHERE u.registered AND u.subscription_status = s AND u.plan = p AND NOT u.unlimited AND NOT u.is_admin)
                       ELSE 0 END::int AS billable
             FROM unnest($1::text[]) p, unnest($2::text[]) s`,
          [[...PLANS], [...SUBSCRIPTION_STATUSES]],
        )
      : await this.dataSource.query(
          `SELECT plan, subscription_status, count(*)::int AS n, (count(*) FILTER (WHERE price > 0))::int AS billable
             FROM metrics.plan_states WHERE at <= $1 AND (until IS NULL OR until > $1) GROUP BY plan, subscription_status`,
          [at],
        );
    return grouped.map((row) => {
      const price = statePrice(String(row['plan']), String(row['subscription_status']));
      const n = num(row['n']);
      // Admins and accounts given unlimited access hold plans without paying for them.
      const paid = price > 0 ? num(row['billable']) : 0;
      return { plan: row['plan'], n, paid, revenue: price * paid };
    });
  }

  async users(message: unknown): Promise<AdminUsersPage> {
    const m = (message ?? {}) as { page?: unknown; pageSize?: unknown; search?: unknown };
    const page = positiveInt(m.page ?? 1, 'page');
    const pageSize = positiveInt(m.pageSize ?? 20, 'pageSize', MAX_PAGE_SIZE);
    if (m.search !== undefined && m.search !== null && typeof m.search !== 'string') throw new InputError('search must be text');
    const search = typeof m.search === 'string' ? m.search.trim().slice(0, 200) : '';
    const params: unknown[] = [];
    let where = 'WHERE registered';
    if (search) {
      // search_text is username, e-mail, first and last name, lower-cased (trigram-indexed where pg_trgm exists).
      params.push(containsPattern(search.toLowerCase()));
      where += ` AND search_text LIKE $1`;
    }
    const [count, rows]: [Row[], Row[]] = await Promise.all([
      this.dataSource.query(`SELECT count(*)::int AS n FROM metrics.users ${where}`, params),
      this.dataSource.query(
        `SELECT ${USER_COLUMNS} FROM metrics.users ${where} ORDER BY created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
        params,
      ),
    ]);
    return { items: rows.map(toAdminUser), total: num(count[0]?.['n']), page, pageSize };
  }

  /**
   * Runs reads in one REPEATABLE READ snapshot: a page's counts and its list then agree even while events
   * are being applied (read in separate statements, a list could show an event its counter had not yet counted).
   */
  private async inSnapshot<T>(read: (query: SqlQuery) => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction('REPEATABLE READ');
      const result = await read((sql, params) => runner.query(sql, params));
      await runner.commitTransaction();
      return result;
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    } finally {
      await runner.release();
    }
  }

  async securityEvents(message: unknown): Promise<AdminSecurity> {
    const w = this.window(message);
    const m = (message ?? {}) as { page?: unknown; pageSize?: unknown; severity?: unknown; eventType?: unknown; resolved?: unknown };
    const page = positiveInt(m.page ?? 1, 'page');
    const pageSize = positiveInt(m.pageSize ?? 20, 'pageSize', MAX_PAGE_SIZE);
    const severity = m.severity ?? undefined;
    if (severity !== undefined && !SEVERITIES.includes(severity as SecuritySeverity)) throw new InputError(`severity must be one of ${SEVERITIES.join(', ')}`);
    const eventType = m.eventType ?? undefined;
    if (eventType !== undefined && (typeof eventType !== 'string' || eventType.length === 0 || eventType.length > 64)) throw new InputError('eventType must be an event type name');
    const resolved = m.resolved ?? undefined;
    if (resolved !== undefined && typeof resolved !== 'boolean') throw new InputError('resolved must be true or false');

    const params: unknown[] = [w.from, w.to];
    let where = 'WHERE occurred_at > $1 AND occurred_at <= $2';
    if (severity !== undefined) {
      params.push(severity);
      where += ` AND severity = $${params.length}`;
    }
    if (eventType !== undefined) {
      params.push(eventType);
      where += ` AND event_type = $${params.length}`;
    }
    if (resolved !== undefined) {
      params.push(resolved);
      where += ` AND resolved = $${params.length}`;
    }
    const countFromRollup = resolved === undefined;
    const [r, unresolvedRows, rows, countRows] = await this.inSnapshot((query) =>
      Promise.all([
        this.rollup(w, query),
        query(`SELECT count(*)::int AS n FROM metrics.security_events WHERE NOT resolved AND occurred_at > $1 AND occurred_at <= $2`, [w.from, w.to]),
        query(
          `SELECT id, event_type, severity, user_email, ip_address, details, occurred_at, resolved FROM metrics.security_events ${where}
            ORDER BY occurred_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
          params,
        ),
        countFromRollup ? Promise.resolve([] as Row[]) : query(`SELECT count(*)::int AS n FROM metrics.security_events ${where}`, params),
      ]),
    );
    const t = r.totals;
    const type = (name: string) => t[`sec.type|${name}`] ?? 0;
    let rejectedLti = 0;
    for (const [k, v] of Object.entries(t)) if (/^sec\.type\|lti_.*_refused$/.test(k)) rejectedLti += v;
    let total: number;
    if (countFromRollup) {
      if (severity !== undefined && eventType !== undefined) total = t[`sec.both|${severity}|${eventType}`] ?? 0;
      else if (severity !== undefined) total = t[`sec.severity|${severity}`] ?? 0;
      else if (eventType !== undefined) total = type(eventType as string);
      else total = t['type|security.event'] ?? 0;
    } else {
      total = num(countRows[0]?.['n']);
    }
    return {
      range: w.range,
      from: w.from.toISOString(),
      to: w.to.toISOString(),
      totalEvents: t['type|security.event'] ?? 0,
      criticalEvents: t['sec.severity|critical'] ?? 0,
      failedLogins: type('login_failed'),
      lockouts: type('account_locked') + type('login_blocked_locked'),
      rateLimitHits: type('rate_limited'),
      rejectedLtiLaunches: rejectedLti,
      unresolved: num(unresolvedRows[0]?.['n']),
      events: rows.map(toSecurityEvent),
      total,
      page,
      pageSize,
    };
  }

  /** Marks a security event resolved (or not). Null when there is no event with that id. */
  async resolveSecurityEvent(message: unknown): Promise<AdminSecurityEvent | null> {
    const m = (message ?? {}) as { id?: unknown; resolved?: unknown; actorUserId?: unknown };
    if (typeof m.id !== 'string' || !UUID.test(m.id)) return null;
    if (typeof m.resolved !== 'boolean') throw new InputError('resolved must be true or false');
    const actor = m.actorUserId === undefined || m.actorUserId === null ? null : positiveInt(m.actorUserId, 'actorUserId');
    const rows: unknown = await this.dataSource.query(
      `UPDATE metrics.security_events SET resolved = $2, resolved_by = CASE WHEN $2 THEN $3::int END, resolved_at = CASE WHEN $2 THEN now() END
        WHERE id = $1 RETURNING id, event_type, severity, user_email, ip_address, details, occurred_at, resolved`,
      [m.id, m.resolved, actor],
    );
    const list = returningRows<Row>(rows);
    return list[0] ? toSecurityEvent(list[0]) : null;
  }

  async quickAccess(): Promise<AdminQuickAccess> {
    const [users, recent] = await Promise.all([
      this.userTotals(this.clock()),
      this.dataSource.query(`SELECT ${USER_COLUMNS} FROM metrics.users WHERE registered ORDER BY created_at DESC, id DESC LIMIT 10`) as Promise<Row[]>,
    ]);
    return { totalUsers: users.total, trialUsers: users.trial, paidUsers: users.paid, recentUsers: recent.map(toAdminUser) };
  }

  async exportRows(message: unknown): Promise<AdminExportRows> {
    const m = (message ?? {}) as { kind?: unknown; after?: unknown; limit?: unknown };
    if (!(ADMIN_EXPORT_KINDS as readonly unknown[]).includes(m.kind)) throw new InputError(`kind must be one of ${ADMIN_EXPORT_KINDS.join(', ')}`);
    const kind = m.kind as AdminExportKind;
    const w = this.window(message);
    const limit = positiveInt(m.limit ?? 1000, 'limit', MAX_EXPORT_ROWS);
    const after = m.after === undefined || m.after === null ? null : decodeCursor(m.after);
    switch (kind) {
      case 'users':
        return this.page(
          ['id', 'username', 'email', 'first_name', 'last_name', 'plan', 'subscription_status', 'status', 'role', 'total_videos_created', 'videos', 'created_at', 'last_login_at'],
          `SELECT ${USER_COLUMNS}, to_char(created_at AT TIME ZONE 'UTC', ${ISO_US}) AS k_at, id::text AS k_id FROM metrics.users
            WHERE registered ${after ? 'AND (created_at, id) > ($1::timestamptz, $2::int)' : ''} ORDER BY created_at, id LIMIT ${limit + 1}`,
          after ? [after.at, Number.parseInt(after.id, 10) || 0] : [],
          limit,
          (r) => {
            const u = toAdminUser(r);
            return [u.id, u.username, u.email, u.firstName, u.lastName, u.plan, u.subscriptionStatus, u.status, u.role, u.totalVideosCreated, u.videos, u.createdAt, u.lastLoginAt];
          },
        );
      case 'subscriptions':
        return this.windowPage('subscription_events', 'event_id', w, after, limit,
          ['created_at', 'user_id', 'user_email', 'event_type', 'from_plan', 'to_plan', 'from_status', 'to_status', 'amount', 'currency', 'unlimited_access', 'changed_by'],
          (r) => [iso(r['occurred_at']), num(r['user_id']), r['user_email'] as string, r['event_type'] as string, (r['from_plan'] as string) ?? null, r['to_plan'] as string, (r['from_status'] as string) ?? null, r['to_status'] as string, num(r['amount']), 'AUD', r['unlimited'] === true, r['changed_by'] === null ? null : num(r['changed_by'])],
        );
      case 'costs': {
        const rate = (await this.fixedCosts()).usdToAud;
        return this.windowPage('cost_events', 'event_id', w, after, limit,
          ['recorded_at', 'service', 'provider', 'model', 'operation', 'prompt_tokens', 'completion_tokens', 'amount_usd', 'amount_aud', 'succeeded', 'job_id', 'video_id'],
          (r) => [iso(r['occurred_at']), r['service'] as string, r['provider'] as string, r['model'] as string, r['operation'] as string, num(r['prompt_tokens']), num(r['completion_tokens']), num(r['amount_usd']), Math.round(num(r['amount_usd']) * rate * 1e6) / 1e6, r['succeeded'] === true, (r['job_id'] as string) ?? null, r['video_id'] === null ? null : num(r['video_id'])],
        );
      }
      case 'security-events':
        return this.windowPage('security_events', 'id', w, after, limit,
          ['created_at', 'id', 'event_type', 'severity', 'user_email', 'ip_address', 'details', 'resolved', 'resolved_at'],
          (r) => [iso(r['occurred_at']), String(r['id']), r['event_type'] as string, r['severity'] as string, (r['user_email'] as string) ?? null, (r['ip_address'] as string) ?? null, r['details'] === null ? null : JSON.stringify(r['details']), r['resolved'] === true, isoOrNull(r['resolved_at'])],
        );
    }
  }

  /** A page of one of the windowed read models (occurred_at in the window), by the keyset (occurred_at, id). */
  private windowPage(
    table: 'subscription_events' | 'cost_events' | 'security_events',
    idColumn: 'event_id' | 'id',
    w: { from: Date | string; to: Date | string },
    after: { at: string; id: string } | null,
    limit: number,
    columns: string[],
    cells: (r: Row) => (string | number | boolean | null)[],
  ): Promise<AdminExportRows> {
    return this.page(
      columns,
      `SELECT *, to_char(occurred_at AT TIME ZONE 'UTC', ${ISO_US}) AS k_at, ${idColumn}::text AS k_id FROM metrics.${table}
        WHERE occurred_at > $1 AND occurred_at <= $2 ${after ? `AND (occurred_at, ${idColumn}) > ($3::timestamptz, $4::uuid)` : ''}
        ORDER BY occurred_at, ${idColumn} LIMIT ${limit + 1}`,
      // A cursor naming no UUID (tampered with) starts from the first id of its instant.
      after ? [w.from, w.to, after.at, UUID.test(after.id) ? after.id : '00000000-0000-0000-0000-000000000000'] : [w.from, w.to],
      limit,
      cells,
    );
  }

  private async page(columns: string[], sql: string, params: unknown[], limit: number, cells: (r: Row) => (string | number | boolean | null)[]): Promise<AdminExportRows> {
    const rows: Row[] = await this.dataSource.query(sql, params);
    const more = rows.length > limit;
    const kept = more ? rows.slice(0, limit) : rows;
    const last = kept[kept.length - 1];
    return { columns, rows: kept.map(cells), next: more && last ? encodeCursor(String(last['k_at']), String(last['k_id'])) : null };
  }

  async fixedCosts(): Promise<FixedCostSettings> {
    const [settings, items]: [Row[], Row[]] = await Promise.all([
      this.dataSource.query(`SELECT usd_to_aud, updated_at FROM metrics.settings WHERE id = 1`),
      this.dataSource.query(`SELECT id, name, category, monthly_amount FROM metrics.fixed_costs ORDER BY position, id`),
    ]);
    return {
      items: items.map((i) => ({ id: String(i['id']), name: String(i['name']), category: i['category'] as FixedCost['category'], monthlyAmount: num(i['monthly_amount']), currency: 'AUD' })),
      usdToAud: settings[0] ? num(settings[0]['usd_to_aud']) : DEFAULT_USD_TO_AUD,
      updatedAt: settings[0] ? isoOrNull(settings[0]['updated_at']) : null,
    };
  }

  async saveFixedCosts(message: unknown): Promise<FixedCostSettings> {
    const m = (message ?? {}) as { items?: unknown; usdToAud?: unknown; actorUserId?: unknown };
    if (!Array.isArray(m.items)) throw new InputError('items must be a list of fixed costs');
    if (m.items.length > 50) throw new InputError('At most 50 fixed costs can be saved');
    const usdToAud = typeof m.usdToAud === 'string' ? Number(m.usdToAud) : m.usdToAud;
    if (typeof usdToAud !== 'number' || !Number.isFinite(usdToAud) || usdToAud <= 0 || usdToAud > 100) throw new InputError('usdToAud must be a number above 0 and at most 100');
    const actor = m.actorUserId === undefined || m.actorUserId === null ? null : positiveInt(m.actorUserId, 'actorUserId');
    const items = m.items.map((raw, i) => {
      const item = (raw ?? {}) as { name?: unknown; category?: unknown; monthlyAmount?: unknown };
      const name = typeof item.name === 'string' ? item.name.trim() : '';
      if (name.length === 0 || name.length > 100) throw new InputError(`Fixed cost ${i + 1}: the name must have 1 to 100 characters`);
      if (!(FIXED_CATEGORIES as readonly unknown[]).includes(item.category)) throw new InputError(`Fixed cost ${i + 1}: the category must be hosting or others`);
      const amount = typeof item.monthlyAmount === 'string' ? Number(item.monthlyAmount) : item.monthlyAmount;
      if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0 || amount > 10_000_000) throw new InputError(`Fixed cost ${i + 1}: the monthly amount must be between 0 and 10,000,000 AUD`);
      return { name, category: item.category as FixedCost['category'], monthlyAmount: cents(amount) };
    });
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO metrics.settings (id, usd_to_aud, updated_at, updated_by) VALUES (1, $1, now(), $2)
         ON CONFLICT (id) DO UPDATE SET usd_to_aud = EXCLUDED.usd_to_aud, updated_at = now(), updated_by = EXCLUDED.updated_by`,
        [usdToAud, actor],
      );
      await manager.query('DELETE FROM metrics.fixed_costs');
      for (const [position, item] of items.entries()) {
        await manager.query(`INSERT INTO metrics.fixed_costs (id, name, category, monthly_amount, position) VALUES ($1, $2, $3, $4, $5)`, [randomUUID(), item.name, item.category, item.monthlyAmount, position]);
      }
    });
    return this.fixedCosts();
  }
}
