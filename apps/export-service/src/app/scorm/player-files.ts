import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { invalidPackagePath, SCORM_MANIFEST_FILE } from '@veolearn/scorm';
import { LAUNCH_PAGE, LESSON_JSON, LESSON_SCRIPT } from './package-contents';

export const PLAYER_NOT_BUILT = 'The SCORM player is not built: run npm run build';

/** A build failure that retrying cannot fix. */
export class PermanentExportError extends Error {
  /** What the operator needs to know beyond the message (logged, not shown to the teacher). */
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

export interface PlayerFile {
  /** Path inside the package, with `/`. */
  path: string;
  /** Path on disk. */
  file: string;
  size: number;
  modifiedMs: number;
}

/** Names the package writes itself; a player file of the same name would be shadowed. */
const RESERVED = new Set([SCORM_MANIFEST_FILE, LESSON_SCRIPT, LESSON_JSON]);

async function walk(root: string, dir: string, out: PlayerFile[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) {
      await walk(root, file, out);
    } else if (entry.isFile()) {
      const path = relative(root, file).split(sep).join('/');
      if (RESERVED.has(path) || path.endsWith('.map')) continue;
      const problem = invalidPackagePath(path);
      if (problem) throw new PermanentExportError(`The SCORM player's ${problem}; rebuild it with plain ASCII file names.`);
      const info = await stat(file);
      out.push({ path, file, size: info.size, modifiedMs: Math.floor(info.mtimeMs) });
    }
  }
}

/**
 * Every file of the SCORM launch-page bundle (SCORM_PLAYER_DIR), sorted, source maps left out. Fails
 * with "The SCORM player is not built: run npm run build" when the folder or its index.html is missing.
 */
export async function listPlayerFiles(dir: string): Promise<PlayerFile[]> {
  const root = resolve(dir);
  const files: PlayerFile[] = [];
  try {
    await walk(root, root, files);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') {
      throw new PermanentExportError(PLAYER_NOT_BUILT, `SCORM_PLAYER_DIR ${root} does not exist`);
    }
    throw error;
  }
  if (!files.some((f) => f.path === LAUNCH_PAGE)) throw new PermanentExportError(PLAYER_NOT_BUILT, `SCORM_PLAYER_DIR ${root} has no ${LAUNCH_PAGE}`);
  return files;
}

/** Changes when any player file is added, removed, resized or rewritten: a rebuilt player makes new packages. */
export function playerFingerprint(files: PlayerFile[]): string {
  const hash = createHash('sha256');
  for (const f of files) hash.update(`${f.path}\u0000${f.size}\u0000${f.modifiedMs}\n`);
  return hash.digest('hex');
}
