import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent, DomainEventPayloads } from '@veolearn/contracts';
import { statePrice } from '../queries/windows';
import { rollupIncrements } from './increments';

/** Advisory lock the backfill holds exclusively while it rebuilds; every apply takes it shared. */
export const REBUILD_LOCK = 'veolearn-admin-metrics-rebuild';

type P<T extends keyof DomainEventPayloads> = DomainEventPayloads[T];

function str(value: unknown, max: number): string | null {
  return value === null || value === undefined ? null : String(value).slice(0, max);
}

/**
 * Applies domain events to the read models. Each event is applied at most once: its id goes into
 * metrics.processed_events in the same transaction as its changes, and an id already there is skipped.
 * Events of different producers can arrive out of order; every change is written so that order does
 * not matter (upserts, the latest plan state wins, plan periods are re-linked per user).
 */
@Injectable()
export class EventApplier {
  /** Returns false when the event had been applied already (nothing changed). */
  async apply(manager: EntityManager, event: DomainEvent): Promise<boolean> {
    if (!event || typeof event.id !== 'string' || typeof event.type !== 'string' || !event.occurredAt) {
      throw new Error('Not a domain event');
    }
    const increments = rollupIncrements(event);
    const inserted: unknown[] = await manager.query(
      `INSERT INTO metrics.processed_events (event_id, type, producer, occurred_at, increments) VALUES ($1, $2, $3, $4, $5::jsonb)
       ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
      [event.id, event.type, str(event.producer, 64) ?? 'unknown', event.occurredAt, JSON.stringify(increments)],
    );
    if (inserted.length === 0) return false;
    await manager.query(
      `INSERT INTO metrics.hourly_rollup (hour, metric, value)
       SELECT date_trunc('hour', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', key, value::float8 FROM jsonb_each_text($2::jsonb)
       ON CONFLICT (hour, metric) DO UPDATE SET value = metrics.hourly_rollup.value + EXCLUDED.value`,
      [event.occurredAt, JSON.stringify(increments)],
    );
    await this.applyModel(manager, event);
    return true;
  }

  private async applyModel(m: EntityManager, event: DomainEvent): Promise<void> {
    const at = event.occurredAt;
    switch (event.type) {
      case 'user.registered': {
        const p = event.payload as P<'user.registered'>;
        await m.query(
          `INSERT INTO metrics.users (id, registered, username, email, first_name, last_name, is_admin, plan, subscription_status, state_at, via, created_at)
           VALUES ($1, true, $2, $3, $4, $5, $6, $7, $8, $9, $10, $9)
           ON CONFLICT (id) DO UPDATE SET registered = true, username = EXCLUDED.username, email = EXCLUDED.email, first_name = EXCLUDED.first_name,
             last_name = EXCLUDED.last_name, is_admin = EXCLUDED.is_admin, via = EXCLUDED.via, created_at = EXCLUDED.created_at,
             plan = CASE WHEN metrics.users.state_at IS NULL OR metrics.users.state_at <= EXCLUDED.state_at THEN EXCLUDED.plan ELSE metrics.users.plan END,
             subscription_status = CASE WHEN metrics.users.state_at IS NULL OR metrics.users.state_at <= EXCLUDED.state_at THEN EXCLUDED.subscription_status ELSE metrics.users.subscription_status END,
             state_at = GREATEST(metrics.users.state_at, EXCLUDED.state_at)`,
          [p.userId, str(p.username, 40) ?? '', str(p.email, 254) ?? '', str(p.firstName, 80), str(p.lastName, 80), !!p.isAdmin, p.plan, p.subscriptionStatus, at, p.via],
        );
        // An admin's own account is not a customer: it earns nothing.
        await this.addPlanState(m, event.id, p.userId, at, p.plan, p.subscriptionStatus, !!p.isAdmin);
        return;
      }
      case 'user.signed-in': {
        const p = event.payload as P<'user.signed-in'>;
        await m.query(
          `INSERT INTO metrics.users (id, created_at, last_login_at) VALUES ($1, $2, $2)
           ON CONFLICT (id) DO UPDATE SET last_login_at = GREATEST(metrics.users.last_login_at, EXCLUDED.last_login_at)`,
          [p.userId, at],
        );
        return;
      }
      case 'user.updated': {
        const p = event.payload as P<'user.updated'>;
        await m.query(
          `INSERT INTO metrics.users (id, created_at, username, email, first_name, last_name, is_admin) VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (id) DO UPDATE SET username = EXCLUDED.username, email = EXCLUDED.email, first_name = EXCLUDED.first_name,
             last_name = EXCLUDED.last_name, is_admin = EXCLUDED.is_admin`,
          [p.userId, at, str(p.username, 40) ?? '', str(p.email, 254) ?? '', str(p.firstName, 80), str(p.lastName, 80), !!p.isAdmin],
        );
        return;
      }
      case 'subscription.changed': {
        const p = event.payload as P<'subscription.changed'>;
        await m.query(
          `INSERT INTO metrics.subscription_events (event_id, user_id, user_email, event_type, from_plan, to_plan, from_status, to_status, amount, unlimited, changed_by, occurred_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (event_id) DO NOTHING`,
          [event.id, p.userId, str(p.userEmail, 254) ?? '', str(p.eventType, 64) ?? '', p.fromPlan, p.toPlan, p.fromStatus, p.toStatus, Number(p.amount) || 0, !!p.hasUnlimitedAccess, p.changedBy, at],
        );
        await m.query(
          `INSERT INTO metrics.users (id, created_at, email, plan, subscription_status, unlimited, state_at) VALUES ($1, $2, $3, $4, $5, $6, $2)
           ON CONFLICT (id) DO UPDATE SET
             plan = CASE WHEN metrics.users.state_at IS NULL OR metrics.users.state_at <= EXCLUDED.state_at THEN EXCLUDED.plan ELSE metrics.users.plan END,
             subscription_status = CASE WHEN metrics.users.state_at IS NULL OR metrics.users.state_at <= EXCLUDED.state_at THEN EXCLUDED.subscription_status ELSE metrics.users.subscription_status END,
             unlimited = CASE WHEN metrics.users.state_at IS NULL OR metrics.users.state_at <= EXCLUDED.state_at THEN EXCLUDED.unlimited ELSE metrics.users.unlimited END,
             state_at = GREATEST(metrics.users.state_at, EXCLUDED.state_at)`,
          [p.userId, at, str(p.userEmail, 254) ?? '', p.toPlan, p.toStatus, !!p.hasUnlimitedAccess],
        );
        // Unlimited access is given by an admin (complimentary), and admins are not customers: neither earns revenue.
        const [owner]: Array<{ is_admin: boolean }> = await m.query('SELECT is_admin FROM metrics.users WHERE id = $1', [p.userId]);
        await this.addPlanState(m, event.id, p.userId, at, p.toPlan, p.toStatus, !!p.hasUnlimitedAccess || owner?.is_admin === true);
        return;
      }
      case 'security.event': {
        const p = event.payload as P<'security.event'>;
        await m.query(
          `INSERT INTO metrics.security_events (id, event_type, severity, user_id, user_email, ip_address, details, producer, occurred_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9) ON CONFLICT (id) DO NOTHING`,
          [event.id, str(p.eventType, 64) ?? '', str(p.severity, 16) ?? 'info', p.userId ?? null, str(p.userEmail, 254), str(p.ipAddress, 64), p.details === null || p.details === undefined ? null : JSON.stringify(p.details), str(event.producer, 64) ?? '', at],
        );
        return;
      }
      case 'ai.cost-recorded': {
        const p = event.payload as P<'ai.cost-recorded'>;
        await m.query(
          `INSERT INTO metrics.cost_events (event_id, service, provider, model, operation, prompt_tokens, completion_tokens, amount_usd, succeeded, job_id, owner_id, video_id, occurred_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (event_id) DO NOTHING`,
          [event.id, str(p.service, 20) ?? 'others', str(p.provider, 40) ?? '', str(p.model, 100) ?? '', str(p.operation, 40) ?? '', Math.round(Number(p.promptTokens) || 0), Math.round(Number(p.completionTokens) || 0), Number(p.amountUsd) || 0, !!p.succeeded, str(p.jobId, 64), p.ownerId ?? null, p.videoId ?? null, at],
        );
        return;
      }
      case 'video.created': {
        const p = event.payload as P<'video.created'>;
        await this.activity(m, event, { video_id: p.videoId, owner_id: p.ownerId, source: p.source, is_vr: !!p.isVr });
        await m.query(
          `INSERT INTO metrics.users (id, created_at, videos_created, videos_current) VALUES ($1, $2, 1, 1)
           ON CONFLICT (id) DO UPDATE SET videos_created = metrics.users.videos_created + 1, videos_current = metrics.users.videos_current + 1`,
          [p.ownerId, at],
        );
        return;
      }
      case 'video.deleted': {
        const p = event.payload as P<'video.deleted'>;
        await this.activity(m, event, { video_id: p.videoId, owner_id: p.ownerId });
        await m.query(
          `INSERT INTO metrics.users (id, created_at, videos_current) VALUES ($1, $2, -1)
           ON CONFLICT (id) DO UPDATE SET videos_current = metrics.users.videos_current - 1`,
          [p.ownerId, at],
        );
        return;
      }
      case 'lesson.generated': {
        const p = event.payload as P<'lesson.generated'>;
        await this.activity(m, event, { video_id: p.videoId, owner_id: p.ownerId, question_count: p.questionCount, duration_seconds: (Number(p.durationMs) || 0) / 1000, detail: str(p.provider, 500) });
        return;
      }
      case 'export.made': {
        const p = event.payload as P<'export.made'>;
        await this.activity(m, event, { video_id: p.videoId, owner_id: p.ownerId, detail: str(p.format, 500) });
        return;
      }
      case 'attempt.completed': {
        const p = event.payload as P<'attempt.completed'>;
        await this.activity(m, event, { video_id: p.videoId, question_count: p.questionCount, duration_seconds: p.durationSeconds, score: p.score, max_score: p.maxScore, detail: str(p.learnerKey, 500) });
        return;
      }
      case 'grade.sent':
      case 'grade.failed': {
        const p = event.payload as P<'grade.sent'>;
        await this.activity(m, event, { video_id: p.videoId, score: p.scoreGiven, max_score: p.scoreMaximum, detail: str(p.error ?? p.issuer, 500) });
        return;
      }
      default:
        // An event type this version does not know: recorded as processed (counted in recentEvents), nothing else.
        return;
    }
  }

  private async activity(m: EntityManager, event: DomainEvent, row: Record<string, unknown>): Promise<void> {
    await m.query(
      `INSERT INTO metrics.activity (event_id, type, occurred_at, video_id, owner_id, source, is_vr, question_count, duration_seconds, score, max_score, detail)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (event_id) DO NOTHING`,
      [
        event.id,
        event.type,
        event.occurredAt,
        row['video_id'] ?? null,
        row['owner_id'] ?? null,
        row['source'] ?? null,
        row['is_vr'] ?? null,
        row['question_count'] ?? null,
        row['duration_seconds'] ?? null,
        row['score'] ?? null,
        row['max_score'] ?? null,
        row['detail'] ?? null,
      ],
    );
  }

  /**
   * Records a plan state of a user and re-links that user's states (each holds until the next one),
   * then recomputes when the user first had a trial and when they first became active on a paid plan after it.
   */
  /** A plan period from `at` on; `complimentary` ones (admins, unlimited access) are priced 0: not revenue. */
  private async addPlanState(m: EntityManager, eventId: string, userId: number, at: string, plan: string, status: string, complimentary: boolean): Promise<void> {
    await m.query(
      `INSERT INTO metrics.plan_states (event_id, user_id, at, plan, subscription_status, price) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (event_id) DO NOTHING`,
      [eventId, userId, at, plan, status, complimentary ? 0 : statePrice(plan, status)],
    );
    await m.query(
      `UPDATE metrics.plan_states s SET until = n.next_at
         FROM (SELECT event_id, lead(at) OVER (ORDER BY at, event_id) AS next_at FROM metrics.plan_states WHERE user_id = $1) n
        WHERE s.event_id = n.event_id AND s.until IS DISTINCT FROM n.next_at`,
      [userId],
    );
    await m.query(
      `UPDATE metrics.users u SET trial_started_at = t.trial_at,
              converted_at = (SELECT min(s.at) FROM metrics.plan_states s WHERE s.user_id = $1 AND s.price > 0 AND t.trial_at IS NOT NULL AND s.at >= t.trial_at)
         FROM (SELECT min(at) FILTER (WHERE subscription_status = 'trial' OR plan = 'trial') AS trial_at FROM metrics.plan_states WHERE user_id = $1) t
        WHERE u.id = $1`,
      [userId],
    );
  }
}
