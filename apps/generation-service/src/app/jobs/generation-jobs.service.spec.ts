import { Logger } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import type { AppConfig } from '@veolearn/config';
import type { CreateVideoMessage, StartGenerationMessage, VideoView, YouTubeVideoDetails } from '@veolearn/contracts';
import { parseTranscript, resolveGenerationSettings } from '@veolearn/domain';
import type { DataSource } from 'typeorm';
import type { GenerationJobEntity } from '../entities';
import type { LibraryClient } from '../library-client';
import type { YouTubeClient } from '../youtube/youtube.client';
import type { GenerationQueue } from './generation-queue';
import { clientDurationSeconds, GenerationJobsService } from './generation-jobs.service';

/** About 100 words: some 40 s at the assumed speaking rate. */
const PLAIN = Array.from({ length: 10 }, (_, i) => `Sentence number ${i + 1} explains how evaporation moves water into the air today.`).join(' ');
const SRT = '1\n00:00:01,000 --> 00:00:20,000\nThe sun heats the oceans and water rises as vapour.\n\n2\n00:00:21,000 --> 00:03:20,000\nCold air turns the vapour into droplets, and clouds form.\n';

function video(extra: Partial<VideoView> = {}): VideoView {
  return { id: 7, title: 'Stored video', duration: null, ...extra } as VideoView;
}

function setup(options: { lookup?: Partial<YouTubeVideoDetails> | null; existing?: VideoView } = {}) {
  const saved: Array<Partial<GenerationJobEntity>> = [];
  const created: CreateVideoMessage[] = [];
  const repo = {
    create: (row: Partial<GenerationJobEntity>) => row,
    // As TypeORM's insert: the RETURNING values (the row's times) are written into the row given.
    insert: async (row: Partial<GenerationJobEntity>) => {
      saved.push(row);
      Object.assign(row, { createdAt: new Date(), updatedAt: new Date() });
      return { identifiers: [{ id: row.id }], generatedMaps: [], raw: [] };
    },
  };
  const dataSource = { getRepository: () => repo, query: jest.fn(async () => []) } as unknown as DataSource;
  const library = {
    createVideo: jest.fn(async (message: CreateVideoMessage) => {
      created.push(message);
      return video({ id: 8, title: message.title, duration: message.duration ?? null });
    }),
    getVideo: jest.fn(async () => options.existing ?? video()),
    deleteVideo: jest.fn(),
  } as unknown as LibraryClient;
  const lookup = jest.fn(async () => {
    if (options.lookup === null) throw new Error('YouTube did not answer');
    return { title: 'From YouTube', durationSeconds: null, ...options.lookup } as YouTubeVideoDetails;
  });
  const youtube = { lookup } as unknown as YouTubeClient;
  const queue = { ping: jest.fn(async () => 'PONG'), add: jest.fn(async () => undefined) } as unknown as GenerationQueue;
  const config = { openAiConfigured: false, GENERATION_ATTEMPTS: 3 } as unknown as AppConfig;
  const service = new GenerationJobsService(config, dataSource, library, youtube, queue);
  return { service, saved, created, lookup };
}

function message(extra: Partial<StartGenerationMessage>): StartGenerationMessage {
  return {
    owner: { userId: 1, entitlements: {} } as StartGenerationMessage['owner'],
    target: { kind: 'transcript' },
    folderId: null,
    transcript: PLAIN,
    settings: resolveGenerationSettings({}),
    ...extra,
  };
}

function statusOf(error: unknown): unknown {
  return error instanceof RpcException ? (error.getError() as { statusCode: number }).statusCode : error;
}

describe('clientDurationSeconds', () => {
  it('rounds a stated length up to whole seconds, as videos store it, and is null when not sent', () => {
    expect(clientDurationSeconds(600)).toBe(600);
    expect(clientDurationSeconds(599.2)).toBe(600);
    expect(clientDurationSeconds(1)).toBe(1);
    expect(clientDurationSeconds(86_400)).toBe(86_400);
    expect(clientDurationSeconds(undefined)).toBeNull();
    expect(clientDurationSeconds(null)).toBeNull();
  });

  it.each([0, 0.5, -3, 86_400.5, Number.NaN, Number.POSITIVE_INFINITY, 'abc', '600'])('refuses %p with a 400 naming duration', (value) => {
    try {
      clientDurationSeconds(value);
      throw new Error('accepted');
    } catch (error) {
      expect(statusOf(error)).toBe(400);
      expect((error as RpcException).message).toMatch(/duration/);
    }
  });
});

describe('GenerationJobsService.start: the video length a job uses', () => {
  beforeEach(() => jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it("prefers the client's length to YouTube's, for the new video and the job", async () => {
    const { service, saved, created } = setup({ lookup: { durationSeconds: 300 } });
    await service.start(message({ target: { kind: 'youtube', youtubeId: 'dQw4w9WgXcQ' }, duration: 599.4 }));
    expect(created[0].duration).toBe(600);
    expect(saved[0].durationSeconds).toBe(600);
  });

  it("uses YouTube's length when the client sent none", async () => {
    const { service, saved, created } = setup({ lookup: { durationSeconds: 420 } });
    await service.start(message({ target: { kind: 'youtube', youtubeId: 'dQw4w9WgXcQ' } }));
    expect(created[0].duration).toBe(420);
    expect(saved[0].durationSeconds).toBe(420);
  });

  it('does not ask YouTube when the client gave the title and the length', async () => {
    const { service, lookup, created } = setup({ lookup: { durationSeconds: 420 } });
    await service.start(message({ target: { kind: 'youtube', youtubeId: 'dQw4w9WgXcQ' }, title: 'Mine', duration: 95 }));
    expect(lookup).not.toHaveBeenCalled();
    expect(created[0]).toMatchObject({ title: 'Mine', duration: 95 });
  });

  it("prefers the client's length to an existing video's, and uses the video's when the client sent none", async () => {
    const withClient = setup({ existing: video({ duration: 500 }) });
    await withClient.service.start(message({ target: { kind: 'video', videoId: 7 }, duration: 510 }));
    expect(withClient.saved[0].durationSeconds).toBe(510);
    const without = setup({ existing: video({ duration: 500 }) });
    await without.service.start(message({ target: { kind: 'video', videoId: 7 } }));
    expect(without.saved[0].durationSeconds).toBe(500);
    expect(without.created).toEqual([]);
  });

  it("creates the video with no length when nobody knows it; the job times the transcript by the transcript's own end", async () => {
    const { service, saved, created } = setup({ lookup: null });
    await service.start(message({ target: { kind: 'youtube', youtubeId: 'dQw4w9WgXcQ' }, transcript: SRT }));
    expect(created[0].duration).toBeNull();
    expect(saved[0].durationSeconds).toBe(200);
    const plain = setup();
    await plain.service.start(message({}));
    const estimated = Math.ceil(Math.max(...parseTranscript(PLAIN).segments.map((s) => s.end)));
    expect(plain.created[0].duration).toBeNull();
    expect(plain.saved[0].durationSeconds).toBe(estimated);
  });

  it('keeps a stated length when the transcript ends earlier', async () => {
    const { service, saved, created } = setup();
    await service.start(message({ transcript: SRT, duration: 600 }));
    expect(created[0].duration).toBe(600);
    expect(saved[0].durationSeconds).toBe(600);
  });

  it('refuses a bad length before writing anything', async () => {
    const { service, saved, created } = setup();
    await expect(service.start(message({ duration: 0 }))).rejects.toBeInstanceOf(RpcException);
    await expect(service.start(message({ duration: 'abc' as unknown as number }))).rejects.toBeInstanceOf(RpcException);
    expect(created).toEqual([]);
    expect(saved).toEqual([]);
  });
});
