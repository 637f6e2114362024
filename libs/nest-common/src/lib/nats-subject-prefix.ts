import { ClientNats, type MsPattern, type NatsOptions, ServerNats } from '@nestjs/microservices';

type NatsConnectionOptions = Required<NatsOptions>['options'];

/** The string put in front of every subject: `<prefix>.` for a prefix, nothing without one. */
export function natsSubjectPrefix(prefix: string | undefined): string {
  return prefix ? `${prefix}.` : '';
}

/**
 * The NATS client of @nestjs/microservices, sending every request and event to
 * `<prefix>.<pattern>` so that it reaches only the services of its own deployment
 * (those started with the same NATS_SUBJECT_PREFIX). The payload still names the bare pattern.
 */
export class PrefixedClientNats extends ClientNats {
  private readonly subjectPrefix: string;

  constructor(options: NatsConnectionOptions & { subjectPrefix?: string }) {
    const { subjectPrefix, ...natsOptions } = options;
    super(natsOptions);
    this.subjectPrefix = natsSubjectPrefix(subjectPrefix);
  }

  /** The subject a pattern is published on (ClientNats publishes on `normalizePattern(pattern)`). */
  protected override normalizePattern(pattern: MsPattern): string {
    return `${this.subjectPrefix}${super.normalizePattern(pattern)}`;
  }
}

/**
 * The NATS server of @nestjs/microservices, subscribing each handler (in its queue group) to
 * `<prefix>.<pattern>`; handlers are still looked up by the bare pattern.
 */
export class PrefixedServerNats extends ServerNats {
  private readonly subjectPrefix: string;

  constructor(options: NatsConnectionOptions & { subjectPrefix?: string }) {
    const { subjectPrefix, ...natsOptions } = options;
    super(natsOptions);
    this.subjectPrefix = natsSubjectPrefix(subjectPrefix);
  }

  /** ServerNats subscribes once per registered pattern through `client.subscribe(pattern, …)`. */
  override bindEvents(client: { subscribe(subject: string, options?: unknown): unknown }): void {
    const prefix = this.subjectPrefix;
    super.bindEvents({ subscribe: (subject: string, options?: unknown) => client.subscribe(`${prefix}${subject}`, options) });
  }
}
