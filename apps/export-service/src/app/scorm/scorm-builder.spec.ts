import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { checkPackage } from '@veolearn/scorm';
import { LocalDiskStorage } from '@veolearn/storage';
import { packageLessonData } from './package-contents';
import { sampleLesson } from './testing/sample-lesson';
import { listPlayerFiles, PLAYER_NOT_BUILT, playerFingerprint } from './player-files';
import { buildScormPackage } from './scorm-builder';
import { bufferReader, readZipEntries, readZipEntry } from './zip-reader';

describe('SCORM package build', () => {
  let root: string;
  let player: string;
  let storage: LocalDiskStorage;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'veolearn-export-'));
    player = join(root, 'player');
    mkdirSync(join(player, 'assets'), { recursive: true });
    writeFileSync(join(player, 'index.html'), '<!doctype html><title>Player</title><script src="lesson.js"></script>');
    writeFileSync(join(player, 'assets', 'player.js'), 'console.log(1)');
    writeFileSync(join(player, 'assets', 'player.js.map'), '{}');
    storage = new LocalDiskStorage(join(root, 'storage'));
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('refuses to build without the player, saying how to build it', async () => {
    await expect(listPlayerFiles(join(root, 'missing'))).rejects.toThrow(PLAYER_NOT_BUILT);
    rmSync(join(player, 'index.html'));
    await expect(listPlayerFiles(player)).rejects.toThrow('The SCORM player is not built: run npm run build');
  });

  it('lists the player without source maps and fingerprints it', async () => {
    const files = await listPlayerFiles(player);
    expect(files.map((f) => f.path)).toEqual(['assets/player.js', 'index.html']);
    expect(playerFingerprint(files)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('zips the manifest at the root, the player, the lesson data and the uploaded video, and the package passes the LMS checks', async () => {
    const video = Buffer.alloc(300_000, 7);
    await storage.put('videos/1/a.mp4', Readable.from([video]), { maxBytes: 1e9 });
    const lesson = { ...sampleLesson({ title: 'Cells </script>' }, { storageKey: 'videos/1/a.mp4', mimeType: 'video/mp4', sizeBytes: video.length }), captionsVtt: 'WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n' };
    const stages: string[] = [];
    const playerFiles = await listPlayerFiles(player);
    const data = packageLessonData(lesson, '2004', { autoplay: false, showControls: true, includeAnalytics: true });
    const built = await buildScormPackage({ lesson, data, version: '2004', playerFiles, storageKey: 'exports/scorm/x.zip' }, storage, async (s) => {
      stages.push(s.stage);
    });
    expect(stages).toEqual(expect.arrayContaining(['Adding the player', 'Zipping', 'Saving']));
    const zip = await new Promise<Buffer>((resolve, reject) => {
      void storage.openRead('exports/scorm/x.zip').then((stream) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
      });
    });
    expect(zip.length).toBe(built.sizeBytes);
    const read = bufferReader(zip);
    const entries = await readZipEntries(read, zip.length);
    const names = entries.map((e) => e.name);
    expect(names).toEqual(['imsmanifest.xml', 'assets/player.js', 'index.html', 'lesson.js', 'lesson.json', 'media/captions.vtt', 'media/video.mp4']);
    const manifest = (await readZipEntry(read, entries[0])).toString('utf8');
    expect(manifest).toContain('Cells &lt;/script&gt;');
    expect(checkPackage({ manifest, files: names })).toEqual([]);
    const media = await readZipEntry(read, entries[6]);
    expect((await readZipEntry(read, entries[5])).toString('utf8')).toMatch(/^WEBVTT/);
    expect(media.equals(video)).toBe(true);
    const json = JSON.parse((await readZipEntry(read, entries[4])).toString('utf8'));
    expect(json.questions[0].correctAnswer).toBe(0);
    expect(json.video).toMatchObject({ mediaFile: 'media/video.mp4', captionsFile: 'media/captions.vtt' });
  });

  it('fails clearly when the uploaded video is missing from storage', async () => {
    const lesson = sampleLesson({}, { storageKey: 'videos/1/gone.mp4', mimeType: 'video/mp4', sizeBytes: 5 });
    const playerFiles = await listPlayerFiles(player);
    const data = packageLessonData(lesson, '1.2', { autoplay: false, showControls: true, includeAnalytics: true });
    await expect(buildScormPackage({ lesson, data, version: '1.2', playerFiles, storageKey: 'exports/scorm/y.zip' }, storage, async () => undefined)).rejects.toThrow(
      /uploaded video is missing/,
    );
    expect(await storage.stat('exports/scorm/y.zip')).toBeNull();
  });
});
