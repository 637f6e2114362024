// Validates imsmanifest.xml against the official ADL/IMS schemas (libs/scorm/schemas) at run time,
// with libxml2's xmllint compiled to WebAssembly (xmllint-wasm): no native code, no network.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';
import type { ScormVersion } from './scorm-constants';

/** The schema folder of each version; each holds a `validate-driver.xsd` importing every namespace a manifest uses. */
export const SCORM_SCHEMA_FOLDERS: Record<ScormVersion, string> = { '1.2': 'scorm12', '2004': 'scorm2004-4th' };
const DRIVER = 'validate-driver.xsd';
const MANIFEST = 'imsmanifest.xml';

/**
 * Where the schemas are: `SCORM_SCHEMAS_DIR`, next to a bundled app (`dist/apps/<app>/scorm-schemas`,
 * copied by the app's build), or the source tree (`libs/scorm/schemas`).
 */
export function scormSchemasDir(): string {
  const candidates = [
    process.env['SCORM_SCHEMAS_DIR'],
    path.join(__dirname, 'scorm-schemas'),
    path.resolve(__dirname, '..', '..', 'schemas'),
    path.resolve(process.cwd(), 'libs', 'scorm', 'schemas'),
  ].filter((c): c is string => !!c);
  const found = candidates.find((dir) => existsSync(path.join(dir, SCORM_SCHEMA_FOLDERS['1.2'], DRIVER)));
  if (!found) throw new Error(`The SCORM schemas were not found (looked in ${candidates.join(', ')})`);
  return found;
}

interface SchemaSet {
  driver: XMLFileInfo;
  preload: XMLFileInfo[];
}
const schemaSets = new Map<string, SchemaSet>();

/** The driver and every schema it imports (all files of the folder), read once per folder. */
function schemaSet(version: ScormVersion, schemasDir: string): SchemaSet {
  const folder = path.join(schemasDir, SCORM_SCHEMA_FOLDERS[version]);
  const cached = schemaSets.get(folder);
  if (cached) return cached;
  const read = (fileName: string): XMLFileInfo => ({ fileName, contents: readFileSync(path.join(folder, fileName), 'utf8') });
  const set: SchemaSet = {
    driver: read(DRIVER),
    preload: readdirSync(folder)
      .filter((f) => /\.(xsd|dtd)$/.test(f) && f !== DRIVER)
      .sort()
      .map(read),
  };
  schemaSets.set(folder, set);
  return set;
}

/**
 * The failures in xmllint's output: its `file:line: message` lines and its summary lines, without the
 * context lines (source text and caret) and without the known namespace warning the official SCORM
 * 1.2 `ims_xml.xsd` causes (it declares the xml namespace as its default namespace; libxml2 reports
 * it and validates anyway).
 */
function failureLines(output: string): string[] {
  return output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^[\w.-]+:\d+: /.test(line) || / fails to validate$/.test(line) || / failed to compile$/.test(line))
    .filter((line) => !/^ims_xml\.xsd:\d+: namespace error : xml namespace URI cannot be the default namespace$/.test(line));
}

/**
 * Validates a manifest against the official schemas of its version (the folder's `validate-driver.xsd`
 * with every imported schema preloaded). Answers readable errors, each prefixed "imsmanifest.xml
 * schema:"; an empty list means valid.
 */
export async function validateManifestXsd(xml: string, version: ScormVersion, schemasDir: string = scormSchemasDir()): Promise<string[]> {
  const { driver, preload } = schemaSet(version, schemasDir);
  let valid: boolean;
  let output: string;
  try {
    const result = await validateXML({ xml: [{ fileName: MANIFEST, contents: xml }], schema: [driver], preload });
    valid = result.valid;
    output = result.rawOutput;
  } catch (error) {
    // xmllint-wasm rejects on exit codes other than 0, 3 and 4: 1 is a manifest that is not
    // well-formed XML, 5 a schema that does not compile; the message is xmllint's output.
    valid = false;
    output = error instanceof Error ? error.message : String(error);
  }
  if (valid) return [];
  const all = failureLines(output);
  // "imsmanifest.xml fails to validate" only summarises the messages before it.
  const lines = all.length > 1 ? all.filter((line) => !line.endsWith(`${MANIFEST} fails to validate`)) : all;
  return (lines.length > 0 ? lines : ['xmllint reported a failure without a message']).map(
    (line) => `${MANIFEST} schema (SCORM ${version}): ${line.replace(/^imsmanifest\.xml:(\d+): /, 'line $1: ')}`,
  );
}
