import { createServer, type Server } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus metrics of one process (prom-client): Node's own (CPU, memory, event-loop lag, GC),
 * plus what VeoLearn measures. The gateway answers them at GET /api/metrics; a service or worker,
 * which has no HTTP port of its own, on METRICS_PORT when that is set.
 */
export const metricsRegistry = new Registry();
let defaultsCollected = false;

/** Names every metric of this process with its app ('gateway', 'generation-worker', …). */
export function initMetrics(app: string): void {
  metricsRegistry.setDefaultLabels({ app });
  if (!defaultsCollected) {
    collectDefaultMetrics({ register: metricsRegistry, prefix: 'veolearn_' });
    defaultsCollected = true;
  }
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Gateway: every HTTP request, by method, route template (never the raw URL) and status. */
export const httpRequestDuration = new Histogram({
  name: 'veolearn_http_request_duration_seconds',
  help: 'HTTP requests answered by the gateway, by method, route and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers: [metricsRegistry],
});

/** Every call to a service, by service, message pattern and outcome (ok, error: its answer was an error, unavailable). */
export const serviceCallDuration = new Histogram({
  name: 'veolearn_service_call_duration_seconds',
  help: 'Calls from one app to a service, by service, pattern and outcome',
  labelNames: ['service', 'pattern', 'outcome'] as const,
  buckets: SECONDS,
  registers: [metricsRegistry],
});

/** Queue workers: each job's run, by queue and outcome (completed, failed). */
export const jobDuration = new Histogram({
  name: 'veolearn_job_duration_seconds',
  help: 'Jobs run by a queue worker, by queue and outcome',
  labelNames: ['queue', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [metricsRegistry],
});

export const jobFailures = new Counter({
  name: 'veolearn_job_failures_total',
  help: 'Failed job attempts, by queue (a retried job counts each failure)',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

/** Records one finished job of a BullMQ worker (its processedOn and finishedOn times, in ms). */
export function recordJob(queue: string, outcome: 'completed' | 'failed', job: { processedOn?: number; finishedOn?: number } | undefined): void {
  if (outcome === 'failed') jobFailures.inc({ queue });
  if (job?.processedOn && job.finishedOn && job.finishedOn >= job.processedOn) {
    jobDuration.observe({ queue, outcome }, (job.finishedOn - job.processedOn) / 1000);
  }
}

/** The metrics in Prometheus' text format, with its content type. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

/**
 * For a process without HTTP (a service behind TCP or NATS, a worker): GET /metrics on `port`,
 * nothing else. Resolves once it listens; `close()` on shutdown.
 */
export function startMetricsServer(port: number, host = '0.0.0.0'): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at GET /metrics\n');
      return;
    }
    metricsText().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${String(error)}\n`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** A BullMQ queue as the depth gauge reads it (only what it needs). */
export interface CountableQueue {
  name: string;
  getJobCounts(...types: string[]): Promise<Record<string, number>>;
}

const JOB_STATES = ['waiting', 'active', 'delayed', 'failed', 'prioritized', 'waiting-children'] as const;
const watchedQueues = new Map<string, CountableQueue>();

/** Jobs in each queue this process produces to, by state, read from Redis when Prometheus scrapes. */
export const queueDepth = new Gauge({
  name: 'veolearn_queue_jobs',
  help: 'Jobs in a queue, by state (read from Redis at scrape time)',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    await Promise.all(
      [...watchedQueues.values()].map(async (queue) => {
        try {
          const counts = await queue.getJobCounts(...JOB_STATES);
          for (const state of JOB_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
        } catch {
          // Redis down: the gauge leaves the queue out rather than failing the whole scrape.
        }
      }),
    );
  },
});

/** Adds a queue to the depth gauge. */
export function watchQueueDepth(queue: CountableQueue): void {
  watchedQueues.set(queue.name, queue);
}
