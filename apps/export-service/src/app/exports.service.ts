import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  type DownloadFile,
  EXPORT_DEFAULTS,
  EXPORT_FORMATS,
  type ExportFormat,
  type ExportJobRef,
  type ExportJobView,
  type ExportLesson,
  type ExportOptions,
  type ExportResult,
  type ExportVideoMessage,
  LMS_TYPES,
  type LtiConfigMessage,
  type Owner,
  type PackageFile,
  SCORM_EXPORT_VERSIONS,
  type ScormManifestMessage,
  type ScormVersion,
  type TestPackageMessage,
  type TestPackageView,
  type TestScormMessage,
  type TestScormReply,
} from '@veolearn/contracts';
import { featureDecision, type Feature } from '@veolearn/domain';
import { AppConfig } from '@veolearn/config';
import { currentRequestId, rpcError } from '@veolearn/nest-common';
import { EXPORT_STAGES } from '@veolearn/queues';
import { allElements, checkPackage, hrefToPackagePath, invalidPackagePath, manifestVersion, readXml, SCORM_MANIFEST_FILE } from '@veolearn/scorm';
import { validateManifestXsd } from '@veolearn/scorm/xsd';
import { VIDEO_STORAGE, type VideoStorage } from '@veolearn/storage';
import { ScormPackageEntity } from './entities';
import { ExportQueue } from './jobs/export-queue';
import { toExportJobView } from './jobs/job-views';
import { LibraryClient } from './library-client';
import { contentHash, LAUNCH_PAGE, LESSON_SCRIPT, packageLessonData, type PackageOptions, scormFilename } from './scorm/package-contents';
import { listPlayerFiles, type PlayerFile, playerFingerprint } from './scorm/player-files';
import { lessonManifest, packageFiles } from './scorm/scorm-builder';
import { entryDataOffset, readZipEntries, readZipEntry, type ZipEntry, type ZipRead } from './scorm/zip-reader';
import { lmsConfigurations } from './share/lms-configurations';
import { lti11Cartridge, lti11FileName, lti13ConfigText, lti13FileName } from './share/lti-files';
import { embedCodes, shareLinks } from './share/share-links';

const JOB_NOT_FOUND = 'Export job not found';
const QUEUE_DOWN = 'SCORM export is unavailable right now: the job queue cannot be reached. Nothing was saved; please try again in a minute.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How long test-scorm waits for a build before answering that it is still running. */
const TEST_WAIT_MS = 45_000;
const TEST_POLL_MS = 200;
/** The largest manifest test-scorm reads. */
const MANIFEST_MAX_BYTES = 5 * 1024 * 1024;
const FILE_NOT_FOUND = 'File not found';
/** Packages whose listing the test page keeps (stored packages never change under their key). */
const LISTING_CACHE_SIZE = 32;

/** What the test page needs of one stored package: its version, title and the manifest's files that the zip holds. */
interface PackageListing {
  scormVersion: ScormVersion;
  title: string;
  entries: Map<string, ZipEntry>;
}

/** The files a manifest lists (`<file href>` and each resource's `href`), as package paths. */
export function manifestFiles(manifest: string): string[] {
  const paths = new Set<string>();
  for (const element of allElements(readXml(manifest))) {
    const href = element.attributes['href'];
    if ((element.local === 'file' || element.local === 'resource') && typeof href === 'string') paths.add(hrefToPackagePath(href));
  }
  return [...paths].filter((p) => invalidPackagePath(p) === null);
}

const FEATURE_OF: Record<ExportFormat, Feature> = { url: 'share', embed: 'embed', lti: 'lms', scorm: 'scorm' };

/** The request's options over the spec's defaults; anything malformed answers 400 (the gateway's DTO already refused most). */
export function resolveOptions(options: Partial<ExportOptions> | undefined): ExportOptions {
  const o = { ...EXPORT_DEFAULTS, ...Object.fromEntries(Object.entries(options ?? {}).filter(([, v]) => v !== undefined)) } as ExportOptions;
  for (const key of ['embedWidth', 'embedHeight'] as const) {
    if (!Number.isInteger(o[key]) || o[key] < 100 || o[key] > 4000) throw rpcError(400, `${key} must be a whole number of pixels from 100 to 4000`);
  }
  for (const key of ['autoplay', 'showControls', 'includeAnalytics'] as const) {
    if (typeof o[key] !== 'boolean') throw rpcError(400, `${key} must be true or false`);
  }
  if (!LMS_TYPES.includes(o.lmsType)) throw rpcError(400, `lmsType must be one of: ${LMS_TYPES.join(', ')}`);
  if (!SCORM_EXPORT_VERSIONS.includes(o.scormVersion)) throw rpcError(400, "scormVersion must be '1.2' or '2004'");
  return o;
}

function packageOptions(o: ExportOptions): PackageOptions {
  return { autoplay: o.autoplay, showControls: o.showControls, includeAnalytics: o.includeAnalytics };
}

function assertFeature(owner: Owner | undefined, feature: Feature): void {
  if (!owner?.entitlements || typeof owner.userId !== 'number') throw rpcError(401, 'Sign in to continue.');
  const decision = featureDecision(owner.entitlements, feature);
  if (!decision.allowed) throw rpcError(402, decision.message);
}

/**
 * Hands lessons out: share links, embed codes, LMS configurations and their files at once, SCORM
 * packages as jobs. Every export (any format) publishes the lesson; the downloads of a manifest or an
 * LTI configuration alone do not (they hand out no way to play it).
 */
@Injectable()
export class ExportsService {
  private readonly logger = new Logger(ExportsService.name);

  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly library: LibraryClient,
    private readonly queue: ExportQueue,
    @Inject(VIDEO_STORAGE) private readonly storage: VideoStorage,
  ) {}

  async exportVideo(message: ExportVideoMessage): Promise<ExportResult> {
    if (!EXPORT_FORMATS.includes(message?.format)) throw rpcError(400, `format must be one of: ${EXPORT_FORMATS.join(', ')}`);
    const options = resolveOptions(message.options);
    assertFeature(message.owner, FEATURE_OF[message.format]);
    const lesson = await this.library.exportLesson({ ownerId: message.owner.userId, videoId: message.videoId });
    if (message.format === 'scorm') await this.assertQueueUp();
    await this.publish(message.owner, lesson);
    const links = shareLinks(message.origin, lesson.video.id);
    switch (message.format) {
      case 'url':
        return { type: 'url', data: links };
      case 'embed':
        return { type: 'embed', data: { ...links, ...embedCodes(links, lesson.video.title, options) } };
      case 'lti':
        return { type: 'lti', data: { ...links, configurations: lmsConfigurations(message.origin, lesson.video, options) } };
      case 'scorm': {
        const row = await this.packageFor(message.owner.userId, lesson, options.scormVersion, packageOptions(options));
        return { type: 'scorm', data: { ...links, job: toExportJobView(row) } };
      }
    }
  }

  async getJob(message: ExportJobRef): Promise<ExportJobView> {
    return toExportJobView(await this.ownedRow(message));
  }

  /** Where a finished package is stored; 409 while it is being built or when it failed. */
  async packageFile(message: ExportJobRef): Promise<PackageFile> {
    const row = await this.ownedRow(message);
    if (row.state === 'failed') throw rpcError(409, `This SCORM package could not be built: ${row.error ?? 'unknown error'}. Export the lesson again.`);
    if (row.state !== 'completed' || !row.storageKey) {
      throw rpcError(409, `The SCORM package is not ready yet (${row.stage}, ${row.progress}%). Try again when the job is completed.`);
    }
    if (!(await this.storage.stat(row.storageKey))) throw rpcError(409, 'The stored SCORM package is missing. Export the lesson again to rebuild it.');
    return { storageKey: row.storageKey, filename: row.filename, sizeBytes: Number(row.sizeBytes ?? 0) };
  }

  /** imsmanifest.xml alone, listing the files a package of the lesson holds with the current player. */
  async scormManifest(message: ScormManifestMessage): Promise<DownloadFile> {
    const version = message?.scormVersion ?? '1.2';
    if (!SCORM_EXPORT_VERSIONS.includes(version)) throw rpcError(400, "version must be '1.2' or '2004'");
    assertFeature(message.owner, 'scorm');
    const lesson = await this.library.exportLesson({ ownerId: message.owner.userId, videoId: message.videoId });
    const player = await this.playerFilesOrLaunchPage();
    const body = lessonManifest(lesson, version, packageFiles(player, lesson));
    return {
      filename: `veolearn-scorm${version === '1.2' ? '12' : '2004'}-${lesson.video.id}.xml`,
      contentType: 'application/xml; charset=utf-8',
      body,
    };
  }

  /** LTI 1.3 deep-linking tool configuration (JSON) or an LTI 1.1 cartridge (XML) for the lesson. */
  async ltiConfig(message: LtiConfigMessage): Promise<DownloadFile> {
    const version = message?.version ?? '1.3';
    if (version !== '1.3' && version !== '1.1') throw rpcError(400, "version must be '1.3' or '1.1'");
    assertFeature(message.owner, 'lms');
    const lesson = await this.library.exportLesson({ ownerId: message.owner.userId, videoId: message.videoId });
    const ref = { id: lesson.video.id, title: lesson.video.title, questionCount: lesson.questions.length };
    return version === '1.3'
      ? { filename: lti13FileName(ref.id), contentType: 'application/json; charset=utf-8', body: lti13ConfigText(message.origin, ref) }
      : { filename: lti11FileName(ref.id), contentType: 'application/xml; charset=utf-8', body: lti11Cartridge(message.origin, ref) };
  }

  /**
   * Builds (or reuses) the package, then opens the stored zip and checks it as an LMS would:
   * imsmanifest.xml at the root, the LMS rules of checkPackage, every file the manifest lists, the
   * launch page and the lesson data. The XSD validation runs in the tests (xmllint is a dev tool),
   * not here. A passing package answers its job id; the gateway signs the test page's URL for it.
   */
  async testScorm(message: TestScormMessage): Promise<TestScormReply> {
    const version = message?.scormVersion ?? '1.2';
    const result = await this.exportVideo({ owner: message.owner, videoId: message.videoId, origin: message.origin, format: 'scorm', options: { scormVersion: version } });
    if (result.type !== 'scorm') throw new Error('unexpected export result');
    const row = await this.waitForBuild(result.data.job.id);
    if (row.state === 'failed') return { success: false, jobId: null, errors: [row.error ?? 'The package could not be built.'] };
    if (row.state !== 'completed' || !row.storageKey) {
      return { success: false, jobId: null, errors: ['The package is still being built; test it again in a minute.'] };
    }
    const errors = await this.checkStoredPackage(row.storageKey, row.scormVersion);
    return { success: errors.length === 0, jobId: errors.length === 0 ? row.id : null, errors };
  }

  private readonly listings = new Map<string, PackageListing>();

  /**
   * The test page's view of a completed package of the owner: its version and title, and (for a
   * path) where that file lies in the zip. Only files the manifest lists and the zip holds are
   * answered; anything else, another owner's job or a job without a package is 404.
   */
  async testPackage(message: TestPackageMessage): Promise<TestPackageView> {
    if (typeof message?.ownerId !== 'number') throw rpcError(404, JOB_NOT_FOUND);
    const path = message.path;
    if (path !== null && (typeof path !== 'string' || path.length > 500 || invalidPackagePath(path) !== null)) throw rpcError(404, FILE_NOT_FOUND);
    const row = await this.ownedRow({ owner: { userId: message.ownerId } as Owner, jobId: message.jobId });
    if (row.state !== 'completed' || !row.storageKey) throw rpcError(404, 'This SCORM package is not built.');
    const storageKey = row.storageKey;
    const read = this.zipRead(storageKey);
    const listing = await this.listing(storageKey, read);
    const view: TestPackageView = { scormVersion: listing.scormVersion, title: listing.title, launchPage: LAUNCH_PAGE, storageKey, entry: null };
    if (path === null) return view;
    const entry = listing.entries.get(path);
    if (!entry) throw rpcError(404, FILE_NOT_FOUND);
    const dataOffset = await entryDataOffset(read, entry);
    return { ...view, entry: { path, method: entry.method, dataOffset, compressedSize: entry.compressedSize, size: entry.size } };
  }

  private async listing(storageKey: string, read: ZipRead): Promise<PackageListing> {
    const cached = this.listings.get(storageKey);
    if (cached) return cached;
    const stat = await this.storage.stat(storageKey);
    if (!stat) throw rpcError(404, 'The stored SCORM package is missing. Export the lesson again to rebuild it.');
    let listing: PackageListing;
    try {
      const entries = await readZipEntries(read, stat.size);
      const manifestEntry = entries.find((e) => e.name === SCORM_MANIFEST_FILE);
      if (!manifestEntry || manifestEntry.size > MANIFEST_MAX_BYTES) throw new Error('no readable imsmanifest.xml');
      const manifest = (await readZipEntry(read, manifestEntry)).toString('utf8');
      const byName = new Map(entries.filter((e) => !e.name.endsWith('/')).map((e) => [e.name, e] as const));
      const listed = new Map<string, ZipEntry>();
      for (const file of manifestFiles(manifest)) {
        const entry = byName.get(file);
        if (entry) listed.set(file, entry);
      }
      const organization = allElements(readXml(manifest)).find((e) => e.local === 'organization');
      const title = organization?.children.find((e) => e.local === 'title')?.text.trim() || 'SCORM package';
      listing = { scormVersion: manifestVersion(manifest) ?? '1.2', title, entries: listed };
    } catch (error) {
      this.logger.warn(`Package ${storageKey} cannot be served for testing: ${error instanceof Error ? error.message : String(error)}`);
      throw rpcError(404, 'This SCORM package cannot be read. Export the lesson again.');
    }
    this.listings.set(storageKey, listing);
    while (this.listings.size > LISTING_CACHE_SIZE) this.listings.delete(this.listings.keys().next().value as string);
    return listing;
  }

  /** Byte ranges of a stored object. */
  private zipRead(storageKey: string): ZipRead {
    return async (offset, length) => {
      if (length <= 0) return Buffer.alloc(0);
      const stream = await this.storage.openRead(storageKey, { start: offset, end: offset + length - 1 });
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
  }

  /**
   * test-scorm's check of a stored package: the LMS rules (`checkPackage`: manifest at the root, references,
   * files present), the manifest against the official XSDs of its version, the launch page and lesson data.
   */
  async checkStoredPackage(storageKey: string, version: ScormVersion): Promise<string[]> {
    const stat = await this.storage.stat(storageKey);
    if (!stat) return ['The stored package is missing. Export the lesson again.'];
    const read = this.zipRead(storageKey);
    let entries;
    try {
      entries = await readZipEntries(read, stat.size);
    } catch (error) {
      return [`The package is not a readable zip: ${error instanceof Error ? error.message : String(error)}.`];
    }
    const files = entries.filter((e) => !e.name.endsWith('/')).map((e) => e.name);
    const manifestEntry = entries.find((e) => e.name === SCORM_MANIFEST_FILE);
    let manifest: string | null = null;
    if (manifestEntry && manifestEntry.size <= MANIFEST_MAX_BYTES) manifest = (await readZipEntry(read, manifestEntry)).toString('utf8');
    const errors = checkPackage({ manifest, files });
    if (manifest !== null) {
      try {
        errors.push(...(await validateManifestXsd(manifest, version)));
      } catch (error) {
        this.logger.error(`Schema validation could not run: ${error instanceof Error ? error.message : String(error)}`);
        errors.push('The manifest could not be checked against the SCORM schemas on the server. Please try again later.');
      }
    }
    if (!files.includes(LAUNCH_PAGE)) errors.push(`The package has no launch page (${LAUNCH_PAGE}).`);
    if (!files.includes(LESSON_SCRIPT)) errors.push(`The package has no lesson data (${LESSON_SCRIPT}).`);
    return errors;
  }

  /** A completed package of the same content (lesson, options, version, player) is answered again; so is one being built. */
  private async packageFor(ownerId: number, lesson: ExportLesson, version: ScormVersion, options: PackageOptions): Promise<ScormPackageEntity> {
    const repo = this.dataSource.getRepository(ScormPackageEntity);
    let fingerprint = 'player-missing';
    try {
      fingerprint = playerFingerprint(await listPlayerFiles(this.config.SCORM_PLAYER_DIR));
    } catch {
      // The build fails with the clear message; the request still answers the job.
    }
    const hash = contentHash(packageLessonData(lesson, version, options), lesson, fingerprint);
    const candidates = await repo.find({
      where: { ownerId, videoId: lesson.video.id, scormVersion: version, contentHash: hash },
      order: { createdAt: 'DESC' },
      take: 5,
    });
    for (const row of candidates) {
      if (row.state === 'queued' || row.state === 'active') return row;
      if (row.state === 'completed' && row.storageKey && (await this.storage.stat(row.storageKey))) return row;
    }

    const id = randomUUID();
    const row = await repo.save(
      repo.create({
        id,
        ownerId,
        videoId: lesson.video.id,
        scormVersion: version,
        contentHash: hash,
        options,
        state: 'queued',
        progress: EXPORT_STAGES.queued.percent,
        stage: EXPORT_STAGES.queued.stage,
        storageKey: null,
        sizeBytes: null,
        filename: scormFilename(lesson.video.title).slice(0, 200),
        error: null,
        attempts: 0,
        startedAt: null,
        finishedAt: null,
        requestId: currentRequestId() ?? null,
      }),
    );
    try {
      await this.queue.add(id);
    } catch (error) {
      this.logger.warn(`Enqueue failed, nothing kept: ${error instanceof Error ? error.message : String(error)}`);
      await this.dataSource.query('DELETE FROM export.scorm_packages WHERE id = $1', [id]).catch(() => undefined);
      throw rpcError(503, QUEUE_DOWN);
    }
    return row;
  }

  private async assertQueueUp(): Promise<void> {
    await this.queue.ping().catch((error: unknown) => {
      this.logger.warn(`Queue Redis unreachable: ${error instanceof Error ? error.message : String(error)}`);
      throw rpcError(503, QUEUE_DOWN);
    });
  }

  /** Exporting shares the lesson: a private one is published (402 from the video-service on a read-only plan). */
  private async publish(owner: Owner, lesson: ExportLesson): Promise<void> {
    if (lesson.video.published) return;
    lesson.video = await this.library.setSharing({ owner, videoId: lesson.video.id, published: true });
  }

  private async ownedRow(message: ExportJobRef): Promise<ScormPackageEntity> {
    if (typeof message?.jobId !== 'string' || !UUID.test(message.jobId) || typeof message.owner?.userId !== 'number') throw rpcError(404, JOB_NOT_FOUND);
    const row = await this.dataSource.getRepository(ScormPackageEntity).findOne({ where: { id: message.jobId, ownerId: message.owner.userId } });
    if (!row) throw rpcError(404, JOB_NOT_FOUND);
    return row;
  }

  private async waitForBuild(id: string): Promise<ScormPackageEntity> {
    const repo = this.dataSource.getRepository(ScormPackageEntity);
    const deadline = Date.now() + TEST_WAIT_MS;
    for (;;) {
      const row = await repo.findOneOrFail({ where: { id } });
      if (row.state === 'completed' || row.state === 'failed' || Date.now() > deadline) return row;
      await new Promise((resolve) => setTimeout(resolve, TEST_POLL_MS));
    }
  }

  /** The player's files, or only the launch page while the player is not built (the manifest still names it). */
  private async playerFilesOrLaunchPage(): Promise<Array<Pick<PlayerFile, 'path'>>> {
    try {
      return await listPlayerFiles(this.config.SCORM_PLAYER_DIR);
    } catch {
      return [{ path: LAUNCH_PAGE }];
    }
  }
}
