import { SCORM_SCHEMA_VERSION, type ScormVersion } from './scorm-constants';
import { SCORM_MANIFEST_FILE, hrefToPackagePath, invalidPackagePath } from './scorm-manifest.util';
import { type XmlElement, allElements, readXml } from './xml-reader';

/** A built package as the checks see it. */
export interface ScormPackageContents {
  /** Text of `imsmanifest.xml` at the package root; null when there is none. */
  manifest: string | null;
  /** Every entry path in the zip (directories left out), `imsmanifest.xml` included. */
  files: string[];
}

const ADLCP_NAMESPACE: Readonly<Record<ScormVersion, string>> = {
  '1.2': 'http://www.adlnet.org/xsd/adlcp_rootv1p2',
  '2004': 'http://www.adlnet.org/xsd/adlcp_v1p3',
};
const SCORM_TYPE_ATTRIBUTE: Readonly<Record<ScormVersion, string>> = { '1.2': 'scormtype', '2004': 'scormType' };

/** The SCORM version a manifest declares in its `schemaversion`, or null when it is neither. */
export function manifestVersion(manifest: string): ScormVersion | null {
  try {
    const schemaVersion = allElements(readXml(manifest)).find((e) => e.local === 'schemaversion');
    const text = schemaVersion?.text.trim();
    return text === SCORM_SCHEMA_VERSION['1.2'] ? '1.2' : text === SCORM_SCHEMA_VERSION['2004'] ? '2004' : null;
  } catch {
    return null;
  }
}

/**
 * The LMS rules the XSDs do not check (../shared/standards/scorm/README.md): `imsmanifest.xml` at the
 * root; `organizations@default` names an organization; every `identifierref` names a resource;
 * `schemaversion` is `1.2` or `2004 4th Edition`; 1.2 uses `adlcp:scormtype="sco"`, 2004
 * `adlcp:scormType="sco"`; every file a resource lists exists; file names are plain ASCII.
 * Returns one readable sentence per problem; empty when the package passes.
 */
export function checkPackage(pkg: ScormPackageContents): string[] {
  const errors: string[] = [];
  const files = new Set(pkg.files);
  for (const file of pkg.files) {
    const problem = invalidPackagePath(file);
    if (problem) errors.push(`The package's ${problem}.`);
  }
  if (!files.has(SCORM_MANIFEST_FILE)) {
    const nested = pkg.files.find((f) => f.endsWith(`/${SCORM_MANIFEST_FILE}`));
    errors.push(nested ? `imsmanifest.xml must be at the package root, not at "${nested}".` : 'The package has no imsmanifest.xml at its root.');
  }
  if (pkg.manifest === null) {
    if (files.has(SCORM_MANIFEST_FILE)) errors.push('imsmanifest.xml could not be read.');
    return errors;
  }

  let root: XmlElement;
  try {
    root = readXml(pkg.manifest);
  } catch (e) {
    errors.push(`imsmanifest.xml is not well-formed XML: ${e instanceof Error ? e.message : String(e)}.`);
    return errors;
  }
  if (root.local !== 'manifest') errors.push(`imsmanifest.xml's root element is <${root.name}>, not <manifest>.`);
  const elements = allElements(root);

  const schemaVersion = elements.find((e) => e.local === 'schemaversion')?.text.trim();
  const version: ScormVersion | null =
    schemaVersion === SCORM_SCHEMA_VERSION['1.2'] ? '1.2' : schemaVersion === SCORM_SCHEMA_VERSION['2004'] ? '2004' : null;
  if (version === null) {
    errors.push(
      schemaVersion === undefined
        ? 'The manifest has no <schemaversion> (expected "1.2" or "2004 4th Edition").'
        : `The manifest's schemaversion is "${schemaVersion}", expected "1.2" or "2004 4th Edition".`,
    );
  }

  const organizationsElement = elements.find((e) => e.local === 'organizations');
  const organizationIds = new Set(elements.filter((e) => e.local === 'organization').map((e) => e.attributes['identifier']));
  const defaultOrganization = organizationsElement?.attributes['default'];
  if (!organizationsElement) errors.push('The manifest has no <organizations>.');
  else if (!defaultOrganization) errors.push('<organizations> has no default attribute naming an organization.');
  else if (!organizationIds.has(defaultOrganization)) errors.push(`organizations@default "${defaultOrganization}" names no organization.`);

  const resources = elements.filter((e) => e.local === 'resource');
  const resourceIds = new Set(resources.map((e) => e.attributes['identifier']));
  for (const item of elements.filter((e) => e.local === 'item')) {
    const ref = item.attributes['identifierref'];
    if (ref !== undefined && !resourceIds.has(ref)) errors.push(`Item "${item.attributes['identifier'] ?? '?'}" refers to resource "${ref}", which does not exist.`);
  }
  for (const dependency of elements.filter((e) => e.local === 'dependency')) {
    const ref = dependency.attributes['identifierref'];
    if (ref === undefined || !resourceIds.has(ref)) errors.push(`A dependency refers to resource "${ref ?? ''}", which does not exist.`);
  }

  if (version) errors.push(...checkScormType(root, resources, version));

  for (const resource of resources) {
    const id = resource.attributes['identifier'] ?? '?';
    const listed = resource.children.filter((e) => e.local === 'file').map((e) => e.attributes['href'] ?? '');
    const href = resource.attributes['href'];
    for (const ref of href === undefined ? listed : [href, ...listed]) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(ref)) continue; // an absolute URL is not a package file
      const path = hrefToPackagePath(ref.split(/[?#]/)[0]);
      if (!files.has(path)) errors.push(`Resource "${id}" lists "${ref}", which is not in the package.`);
    }
  }
  return [...new Set(errors)];
}

/** 1.2 needs `adlcp:scormtype`, 2004 `adlcp:scormType` (the attribute names differ in case), bound to that version's namespace. */
function checkScormType(root: XmlElement, resources: XmlElement[], version: ScormVersion): string[] {
  const errors: string[] = [];
  const prefixes = Object.entries(root.attributes)
    .filter(([name, uri]) => name.startsWith('xmlns:') && uri === ADLCP_NAMESPACE[version])
    .map(([name]) => name.slice('xmlns:'.length));
  if (prefixes.length === 0) return [`The manifest does not declare the SCORM ${version} adlcp namespace (${ADLCP_NAMESPACE[version]}).`];
  const expected = SCORM_TYPE_ATTRIBUTE[version];
  let scos = 0;
  for (const resource of resources) {
    const id = resource.attributes['identifier'] ?? '?';
    const typeAttributes = Object.keys(resource.attributes).filter((name) => name.split(':').pop()?.toLowerCase() === 'scormtype');
    const good = typeAttributes.find((name) => prefixes.some((p) => name === `${p}:${expected}`));
    for (const wrong of typeAttributes.filter((name) => name !== good)) {
      errors.push(`Resource "${id}" uses ${wrong}; SCORM ${version} needs adlcp:${expected}.`);
    }
    const value = good === undefined ? undefined : resource.attributes[good];
    if (good === undefined) errors.push(`Resource "${id}" has no adlcp:${expected} (SCORM ${version}).`);
    else if (value !== 'sco' && value !== 'asset') errors.push(`Resource "${id}" has adlcp:${expected}="${value}"; expected "sco" or "asset".`);
    if (value === 'sco') scos++;
  }
  if (scos === 0) errors.push(`No resource is a SCO (adlcp:${expected}="sco").`);
  return errors;
}
