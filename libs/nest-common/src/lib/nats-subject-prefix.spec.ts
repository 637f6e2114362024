import { loadConfig } from '@veolearn/config';
import { PrefixedClientNats, PrefixedServerNats } from './nats-subject-prefix';
import { clientTransport, serverTransport, videoServiceAddress } from './transport';

/** A stand-in NATS connection that records what is published and subscribed. */
function fakeConnection() {
  const published: string[] = [];
  const subscribed: Array<{ subject: string; queue?: string }> = [];
  return {
    published,
    subscribed,
    publish: (subject: string) => published.push(subject),
    subscribe: (subject: string, options?: { queue?: string }) => {
      subscribed.push({ subject, queue: options?.queue });
      return { unsubscribe: () => undefined };
    },
  };
}

function clientPublishing(subjectPrefix: string | undefined) {
  const client = new PrefixedClientNats({ servers: ['nats://127.0.0.1:1'], subjectPrefix });
  const connection = fakeConnection();
  (client as unknown as { natsClient: unknown }).natsClient = connection;
  return { client, connection };
}

describe('NATS subject prefix', () => {
  it('sends requests and events to <prefix>.<pattern>', async () => {
    const { client, connection } = clientPublishing('staging');
    (client as unknown as { publish(packet: unknown, callback: () => void): void }).publish({ pattern: 'auth.validate', data: {} }, () => undefined);
    await (client as unknown as { dispatchEvent(packet: unknown): Promise<void> }).dispatchEvent({ pattern: 'video.deleted', data: {} });
    expect(connection.published).toEqual(['staging.auth.validate', 'staging.video.deleted']);
  });

  it('sends to the bare pattern without a prefix', () => {
    const { client, connection } = clientPublishing(undefined);
    (client as unknown as { publish(packet: unknown, callback: () => void): void }).publish({ pattern: 'auth.validate', data: {} }, () => undefined);
    expect(connection.published).toEqual(['auth.validate']);
  });

  it('subscribes every handler to <prefix>.<pattern> in its queue group, and finds the handler by the bare pattern', async () => {
    const server = new PrefixedServerNats({ servers: ['nats://127.0.0.1:1'], queue: 'video-service', subjectPrefix: 'staging' });
    const handler = jest.fn(async () => 'ok');
    server.addHandler('video.get', handler);
    server.addHandler('video.list', jest.fn());
    const connection = fakeConnection();
    server.bindEvents(connection);
    expect(connection.subscribed).toEqual([
      { subject: 'staging.video.get', queue: 'video-service' },
      { subject: 'staging.video.list', queue: 'video-service' },
    ]);
    expect(server.getHandlerByPattern('video.get')).toBe(handler);
  });

  it('keeps the prefix out of the options given to the NATS connection', () => {
    const server = new PrefixedServerNats({ servers: ['nats://127.0.0.1:1'], queue: 'q', subjectPrefix: 'staging' });
    expect((server as unknown as { options: Record<string, unknown> }).options).toEqual({ servers: ['nats://127.0.0.1:1'], queue: 'q' });
  });

  it('is what the transports use for NATS, with the configured prefix', () => {
    const config = loadConfig({ TRANSPORT: 'nats', NATS_SUBJECT_PREFIX: 'blue' });
    const client = clientTransport(config, videoServiceAddress(config)) as { customClass: unknown; options: Record<string, unknown> };
    expect(client.customClass).toBe(PrefixedClientNats);
    expect(client.options).toMatchObject({ subjectPrefix: 'blue', servers: [config.NATS_URL] });
    const server = serverTransport(config, videoServiceAddress(config)) as { strategy: unknown };
    expect(server.strategy).toBeInstanceOf(PrefixedServerNats);
    const connection = fakeConnection();
    (server.strategy as PrefixedServerNats).addHandler('video.get', jest.fn());
    (server.strategy as PrefixedServerNats).bindEvents(connection);
    expect(connection.subscribed).toEqual([{ subject: 'blue.video.get', queue: 'video-service' }]);
  });
});
