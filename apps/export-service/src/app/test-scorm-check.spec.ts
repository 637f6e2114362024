import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import archiver from 'archiver';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '@veolearn/config';
import { checkPackage, type ScormVersion } from '@veolearn/scorm';
import { LocalDiskStorage } from '@veolearn/storage';
import { ExportsService } from './exports.service';
import type { ExportQueue } from './jobs/export-queue';
import type { LibraryClient } from './library-client';
import { packageLessonData } from './scorm/package-contents';
import { listPlayerFiles } from './scorm/player-files';
import { buildScormPackage } from './scorm/scorm-builder';
import { sampleLesson } from './scorm/testing/sample-lesson';
import { bufferReader, readZipEntries, readZipEntry } from './scorm/zip-reader';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** test-scorm's check of a stored zip (checkStoredPackage): the LMS rules, the files and the official XSDs. */
describe('test-scorm package check', () => {
  let root: string;
  let storage: LocalDiskStorage;
  let service: ExportsService;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'veolearn-test-scorm-'));
    const player = join(root, 'player');
    mkdirSync(join(player, 'assets'), { recursive: true });
    writeFileSync(join(player, 'index.html'), '<!doctype html><title>Player</title><script src="lesson.js"></script>');
    writeFileSync(join(player, 'assets', 'player.js'), 'console.log(1)');
    storage = new LocalDiskStorage(join(root, 'storage'));
    const config = { SCORM_PLAYER_DIR: player } as AppConfig;
    service = new ExportsService(config, {} as DataSource, {} as LibraryClient, {} as ExportQueue, storage);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A real package of the sample lesson; `breakManifest` rewrites its manifest before it is zipped again. */
  async function storedPackage(version: ScormVersion, breakManifest?: (manifest: string) => string): Promise<{ key: string; manifest: string; files: string[] }> {
    const lesson = sampleLesson();
    const playerFiles = await listPlayerFiles(join(root, 'player'));
    const data = packageLessonData(lesson, version, { autoplay: false, showControls: true, includeAnalytics: true });
    await buildScormPackage({ lesson, data, version, playerFiles, storageKey: 'exports/scorm/good.zip' }, storage, async () => undefined);
    const zip = await readAll(await storage.openRead('exports/scorm/good.zip'));
    const read = bufferReader(zip);
    const entries = await readZipEntries(read, zip.length);
    const contents = await Promise.all(entries.map(async (e) => [e.name, await readZipEntry(read, e)] as const));
    if (!breakManifest) return { key: 'exports/scorm/good.zip', manifest: contents[0][1].toString('utf8'), files: entries.map((e) => e.name) };

    const archive = archiver('zip');
    const out = new PassThrough();
    archive.pipe(out);
    let manifest = '';
    for (const [name, body] of contents) {
      if (name === 'imsmanifest.xml') manifest = breakManifest(body.toString('utf8'));
      archive.append(name === 'imsmanifest.xml' ? manifest : body, { name });
    }
    const stored = storage.put('exports/scorm/broken.zip', out, { maxBytes: 1e8 });
    await archive.finalize();
    await stored;
    return { key: 'exports/scorm/broken.zip', manifest, files: entries.map((e) => e.name) };
  }

  it.each<ScormVersion>(['1.2', '2004'])('passes the built SCORM %s package', async (version) => {
    const { key } = await storedPackage(version);
    expect(await service.checkStoredPackage(key, version)).toEqual([]);
  });

  it('fails a package whose manifest breaks the official schema, though the LMS rules pass', async () => {
    // Two elements with the same xs:ID: only the XSD catches it.
    const broken = await storedPackage('2004', (m) => {
      const org = /<organization identifier="([^"]+)"/.exec(m)?.[1];
      expect(org).toBeTruthy();
      return m.replace(/(<item identifier=")[^"]+"/, `$1${org}"`);
    });
    expect(checkPackage({ manifest: broken.manifest, files: broken.files })).toEqual([]);
    const errors = await service.checkStoredPackage(broken.key, '2004');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatch(/^imsmanifest\.xml schema \(SCORM 2004\): line \d+: .*is not a valid value of the atomic type 'xs:ID'/);
  });

  it('fails a SCORM 1.2 manifest with a max time the schema refuses', async () => {
    const broken = await storedPackage('1.2', (m) => m.replace(/<adlcp:maxtimeallowed>[^<]*</, '<adlcp:maxtimeallowed>000000:13:00.00<'));
    expect(broken.manifest).toContain('000000:13:00.00');
    const errors = await service.checkStoredPackage(broken.key, '1.2');
    expect(errors.some((e) => e.startsWith('imsmanifest.xml schema (SCORM 1.2): ') && e.includes('maxtimeallowed'))).toBe(true);
    expect(errors.join('\n')).not.toContain('ims_xml.xsd');
  });
});
