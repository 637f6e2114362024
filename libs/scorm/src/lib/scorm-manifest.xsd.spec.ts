// Validates built manifests against the official ADL/IMS schemas with xmllint (Debian libxml2-utils),
// as ../shared/standards/scorm/README.md prescribes, and checks that the run-time validator
// (validateManifestXsd: xmllint-wasm with the copies in libs/scorm/schemas) gives the same verdicts.
// No skip: without xmllint this suite fails.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ScormVersion } from './scorm-constants';
import { type ScormManifestLesson, buildManifest } from './scorm-manifest.util';
import { checkPackage } from './scorm-package.util';
import { SCORM_SCHEMA_FOLDERS, scormSchemasDir, validateManifestXsd } from './scorm-manifest.xsd';

const workspaceRoot = path.resolve(__dirname, '../../../..');
const schemas = path.resolve(workspaceRoot, '..', 'shared', 'standards', 'scorm');
const DRIVER: Record<ScormVersion, string> = {
  '1.2': path.join(schemas, 'scorm12', 'validate-driver.xsd'),
  '2004': path.join(schemas, 'scorm2004-4th', 'validate-driver.xsd'),
};

let dir: string;
beforeAll(() => {
  expect(existsSync(path.join(workspaceRoot, 'nx.json'))).toBe(true);
  for (const driver of Object.values(DRIVER)) expect(existsSync(driver)).toBe(true);
  const probe = spawnSync('xmllint', ['--version'], { encoding: 'utf8' });
  if (probe.error) throw new Error(`xmllint is required for the manifest tests (apt-get install -y libxml2-utils): ${probe.error.message}`);
  dir = mkdtempSync(path.join(tmpdir(), 'scorm-manifest-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

let counter = 0;
function xmllint(xml: string, version: ScormVersion): { ok: boolean; output: string } {
  const file = path.join(dir, `manifest-${counter++}`, 'imsmanifest.xml');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, xml, 'utf8');
  const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', DRIVER[version], file], { encoding: 'utf8' });
  if (run.error) throw run.error;
  return { ok: run.status === 0 && run.stderr.includes(`${file} validates`), output: run.stderr };
}

const files = ['index.html', 'assets/player.js', 'assets/player.css', 'media/lesson video (final).mp4'];
const lesson = (over: Partial<ScormManifestLesson>): ScormManifestLesson => ({
  id: 'v-17',
  title: 'Lesson',
  questionCount: 10,
  durationSeconds: 754,
  files,
  launch: 'index.html',
  ...over,
});

const LESSONS: [string, ScormManifestLesson][] = [
  ['no questions (completion only)', lesson({ questionCount: 0 })],
  ['1 question', lesson({ questionCount: 1, durationSeconds: 30 })],
  ['10 questions', lesson({ questionCount: 10, description: 'Plants & light' })],
  ['50 questions, 10 h video', lesson({ questionCount: 50, durationSeconds: 36000 })],
  ['unknown duration', lesson({ durationSeconds: null })],
  ['script title', lesson({ title: '</script><img src=x onerror=alert(1)>', description: '<b>bold</b> "quoted" \'single\'' })],
  ['ampersands, quotes, control characters and emoji', lesson({ title: 'Q&A "1" \'2\' \u0000\u0001\u0008\u000B\u001F tab\there 😀 ]]> <!-- -->' })],
  ['id with dots and underscores', lesson({ id: '123.abc_DEF' })],
];

describe.each<ScormVersion>(['1.2', '2004'])('SCORM %s manifest against the official schemas', (version) => {
  it.each(LESSONS)('%s: valid XSD and LMS rules', async (_name, input) => {
    const xml = buildManifest(input, version);
    const result = xmllint(xml, version);
    expect(result.output).toContain('validates');
    expect(result.ok).toBe(true);
    expect(checkPackage({ manifest: xml, files: ['imsmanifest.xml', ...input.files] })).toEqual([]);
    expect(await validateManifestXsd(xml, version)).toEqual([]);
  });
});

describe('the run-time validator', () => {
  it('finds the schemas in the source tree, copied unchanged from ../shared/standards/scorm', () => {
    const dir = scormSchemasDir();
    expect(dir).toBe(path.join(workspaceRoot, 'libs', 'scorm', 'schemas'));
    for (const folder of Object.values(SCORM_SCHEMA_FOLDERS)) {
      const official = readdirSync(path.join(schemas, folder)).sort();
      expect(readdirSync(path.join(dir, folder)).sort()).toEqual(official);
      for (const file of official) expect(readFileSync(path.join(dir, folder, file), 'utf8')).toBe(readFileSync(path.join(schemas, folder, file), 'utf8'));
    }
  });

  it.each<ScormVersion>(['1.2', '2004'])('validates a SCORM %s manifest in well under 500 ms', async (version) => {
    const xml = buildManifest(lesson({}), version);
    await validateManifestXsd(xml, version);
    const runs = 5;
    const start = performance.now();
    for (let i = 0; i < runs; i++) expect(await validateManifestXsd(xml, version)).toEqual([]);
    const perCall = (performance.now() - start) / runs;
    expect(perCall).toBeLessThan(500);
  });
});

describe('the schema check catches invalid manifests', () => {
  const good12 = buildManifest(lesson({}), '1.2');
  const good2004 = buildManifest(lesson({}), '2004');

  it.each<[string, ScormVersion, string]>([
    ['1.2 with the 2004 attribute adlcp:scormType', '1.2', good12.replace('adlcp:scormtype="sco"', 'adlcp:scormType="sco"')],
    ['1.2 with scormtype "lesson"', '1.2', good12.replace('adlcp:scormtype="sco"', 'adlcp:scormtype="lesson"')],
    ['1.2 with a max time over 13 characters', '1.2', good12.replace('<adlcp:maxtimeallowed>0000:13:00', '<adlcp:maxtimeallowed>000000:13:00.00')],
    ['1.2 without resources', '1.2', good12.replace(/<resources>[\s\S]*<\/resources>/, '')],
    ['2004 with scormType "scox"', '2004', good2004.replace('adlcp:scormType="sco"', 'adlcp:scormType="scox"')],
    ['2004 with a measure above 1', '2004', good2004.replace('<imsss:minNormalizedMeasure>0.8', '<imsss:minNormalizedMeasure>1.8')],
    ['2004 with a duplicate identifier', '2004', good2004.replace(/identifier="veolearn-item-v-17"/, 'identifier="veolearn-org-v-17"')],
    ['2004 with an unescaped title', '2004', good2004.replace('<title>Lesson</title>', '<title>A & B</title>')],
  ])('%s fails (xmllint and the run-time validator)', async (_name, version, xml) => {
    expect(xml).not.toBe(version === '1.2' ? good12 : good2004);
    expect(xmllint(xml, version).ok).toBe(false);
    const errors = await validateManifestXsd(xml, version);
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) expect(error).toMatch(new RegExp(`^imsmanifest\\.xml schema \\(SCORM ${version}\\): `));
    expect(errors.join('\n')).not.toContain('ims_xml.xsd');
  });
});
