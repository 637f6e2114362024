import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '@veolearn/config';
import { LocalDiskStorage } from '@veolearn/storage';
import type { ScormPackageEntity } from '../entities';
import type { LibraryClient } from '../library-client';
import { PermanentExportError, PLAYER_NOT_BUILT } from '../scorm/player-files';
import { sampleLesson } from '../scorm/testing/sample-lesson';
import { ExportRunner } from './export-runner';

const row = {
  id: '11111111-2222-4333-8444-555555555555',
  ownerId: 1,
  videoId: 3,
  scormVersion: '1.2',
  contentHash: 'x',
  options: { autoplay: false, showControls: true, includeAnalytics: true },
  state: 'queued',
  progress: 0,
  stage: 'Waiting for a worker',
} as ScormPackageEntity;

function fakeDataSource(found: ScormPackageEntity | null) {
  const queries: Array<{ sql: string; params: unknown[] }> = [];
  const query = async (sql: string, params: unknown[]) => {
    queries.push({ sql, params });
    // The completing UPDATE answers the row it changed (RETURNING id), as Postgres does.
    return sql.includes("state = 'completed'") ? [[{ id: found?.id }], 1] : [];
  };
  const dataSource = {
    getRepository: () => ({ findOne: async () => found }),
    query,
    // The completion and its export.made event in one transaction: the manager records the same queries.
    transaction: async (work: (manager: { query: typeof query }) => Promise<unknown>) => work({ query }),
  } as unknown as DataSource;
  return { dataSource, queries };
}

describe('ExportRunner', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'veolearn-runner-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const library = { exportLesson: async () => sampleLesson() } as unknown as LibraryClient;

  it('fails for good with "run npm run build" when the SCORM player is not built', async () => {
    const { dataSource, queries } = fakeDataSource({ ...row });
    const runner = new ExportRunner({ SCORM_PLAYER_DIR: join(root, 'missing') } as AppConfig, dataSource, library, new LocalDiskStorage(root));
    const error = await runner.run(row.id, async () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentExportError);
    expect((error as Error).message).toBe(PLAYER_NOT_BUILT);
    await runner.recordFailure(row.id, (error as Error).message, true, 0);
    const failed = queries.find((q) => q.sql.includes("state = 'failed'"));
    expect(failed?.params).toEqual([row.id, 'Failed', 'The SCORM player is not built: run npm run build']);
  });

  it('builds, reports its stages and completes the row with the key, size, hash and file name', async () => {
    const player = join(root, 'player');
    mkdirSync(player);
    writeFileSync(join(player, 'index.html'), '<!doctype html>');
    const { dataSource, queries } = fakeDataSource({ ...row });
    const runner = new ExportRunner({ SCORM_PLAYER_DIR: player } as AppConfig, dataSource, library, new LocalDiskStorage(join(root, 'storage')));
    const stages: string[] = [];
    const outcome = await runner.run(row.id, async (p) => {
      stages.push(p.stage);
    });
    expect(outcome).toMatchObject({ status: 'completed' });
    expect(stages[0]).toBe('Reading the lesson');
    expect(stages).toEqual(expect.arrayContaining(['Adding the player', 'Zipping', 'Saving', 'Done']));
    const completed = queries.find((q) => q.sql.includes("state = 'completed'"));
    const event = queries.find((q) => q.sql.includes('"export"."outbox"'));
    expect(event?.params).toEqual([expect.any(String), 'export.made', null, 'export-service', expect.stringContaining('"format":"1.2"')]);
    expect(completed?.params).toEqual([row.id, 'Done', `exports/scorm/${row.id}.zip`, expect.any(Number), expect.stringMatching(/^[0-9a-f]{64}$/), 'Photosynthesis_SCORM.zip']);
  });

  it('skips a row that is already finished', async () => {
    const { dataSource } = fakeDataSource({ ...row, state: 'completed' } as ScormPackageEntity);
    const runner = new ExportRunner({ SCORM_PLAYER_DIR: root } as AppConfig, dataSource, library, new LocalDiskStorage(root));
    expect(await runner.run(row.id, async () => undefined)).toEqual({ status: 'skipped', reason: 'already completed' });
  });
});
