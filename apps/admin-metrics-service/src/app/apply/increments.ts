import type { DomainEvent, DomainEventPayloads } from '@veolearn/contracts';

/**
 * What one event adds to the hourly rollup (metrics.hourly_rollup), by metric name. Every count
 * and sum the admin pages show per window is a sum of these, so they are counted once per event
 * (at apply time) instead of by scanning the event tables at query time.
 */
export function rollupIncrements(event: DomainEvent): Record<string, number> {
  const inc: Record<string, number> = { events: 1, [`type|${event.type}`]: 1 };
  switch (event.type) {
    case 'video.created': {
      const p = event.payload as DomainEventPayloads['video.created'];
      inc[`video.source|${p.source}`] = 1;
      if (p.isVr) inc['video.vr'] = 1;
      break;
    }
    case 'lesson.generated': {
      const p = event.payload as DomainEventPayloads['lesson.generated'];
      inc['lesson.questions'] = Number(p.questionCount) || 0;
      break;
    }
    case 'attempt.completed': {
      const p = event.payload as DomainEventPayloads['attempt.completed'];
      inc['attempt.seconds'] = Math.max(0, Number(p.durationSeconds) || 0);
      break;
    }
    case 'ai.cost-recorded': {
      const p = event.payload as DomainEventPayloads['ai.cost-recorded'];
      const usd = Number(p.amountUsd) || 0;
      const tokens = (Number(p.promptTokens) || 0) + (Number(p.completionTokens) || 0);
      inc[`cost.usd|${p.service}`] = usd;
      inc['cost.calls'] = 1;
      inc['cost.prompt'] = Number(p.promptTokens) || 0;
      inc['cost.completion'] = Number(p.completionTokens) || 0;
      if (!p.succeeded) inc['cost.failed'] = 1;
      const key = `${p.service}|${String(p.operation).slice(0, 60)}`;
      inc[`costd.usd|${key}`] = usd;
      inc[`costd.tokens|${key}`] = tokens;
      break;
    }
    case 'security.event': {
      const p = event.payload as DomainEventPayloads['security.event'];
      inc[`sec.type|${String(p.eventType).slice(0, 64)}`] = 1;
      inc[`sec.severity|${p.severity}`] = 1;
      inc[`sec.both|${p.severity}|${String(p.eventType).slice(0, 64)}`] = 1;
      break;
    }
    default:
      break;
  }
  return inc;
}

/** Adds `b` into `a`. */
export function addInto(a: Record<string, number>, b: Record<string, number>): void {
  for (const [k, v] of Object.entries(b)) a[k] = (a[k] ?? 0) + Number(v);
}
