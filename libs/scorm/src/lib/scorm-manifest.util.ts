import {
  SCORM_SCHEMA_VERSION,
  type ScormVersion,
  scorm12MasteryPercent,
  scorm2004ScaledPassingScore,
  scormMaxTimeMinutes,
} from './scorm-constants';
import { formatScorm12MaxTime } from './scorm-time';
import { escapeXml, stripNonXmlChars, truncateText } from './xml';

/** What a manifest is built from. */
export interface ScormManifestLesson {
  /** Identifier-safe id of the lesson (letters, digits, `-`, `_`, `.`); prefixed so that it is a valid XML ID. */
  id: string;
  title: string;
  description?: string | null;
  questionCount: number;
  /** Video duration; null when unknown (then no max time is declared). */
  durationSeconds: number | null;
  /** Every file in the package (the manifest excluded), relative paths with `/`, plain ASCII. */
  files: string[];
  /** The launch page, one of `files`. */
  launch: string;
}

/** The file name LMSs look for at the root of a package. */
export const SCORM_MANIFEST_FILE = 'imsmanifest.xml';

/** Titles longer than this are cut (the SCORM 2004 CAM's smallest permitted maximum for `title`). */
export const SCORM_TITLE_MAX_LENGTH = 200;
/** Descriptions longer than this are cut (the LOM's smallest permitted maximum for `description`). */
export const SCORM_DESCRIPTION_MAX_LENGTH = 2000;

/** When the max time is over the learner keeps going: pausing to answer questions should not end a lesson. */
export const SCORM_TIME_LIMIT_ACTION = 'continue,no message';

const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
const PRINTABLE_ASCII_PATH = /^[\u0020-\u007E]+$/;

/** Why a file path cannot go into a package, or null when it can. */
export function invalidPackagePath(path: string): string | null {
  if (!PRINTABLE_ASCII_PATH.test(path)) return `file name "${path}" is not plain ASCII`;
  if (path.startsWith('/') || path.includes('\\')) return `file name "${path}" must be relative and use "/"`;
  if (path.split('/').some((part) => part === '' || part === '.' || part === '..')) return `file name "${path}" has an empty, "." or ".." part`;
  return null;
}

/** A package path as an `href` (URI reference): each segment percent-encoded where a URI needs it. */
export function packagePathToHref(path: string): string {
  return path
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/');
}

/** Inverse of packagePathToHref; the text unchanged when it is not valid percent-encoding. */
export function hrefToPackagePath(href: string): string {
  try {
    return decodeURIComponent(href);
  } catch {
    return href;
  }
}

/** The identifiers a lesson's manifest uses (exported so that tests and the export-service can name them). */
export function scormManifestIds(lessonId: string): { manifest: string; organization: string; item: string; resource: string; objective: string } {
  return {
    manifest: `veolearn-lesson-${lessonId}`,
    organization: `veolearn-org-${lessonId}`,
    item: `veolearn-item-${lessonId}`,
    resource: `veolearn-sco-${lessonId}`,
    objective: `veolearn-mastery-${lessonId}`,
  };
}

function assertLesson(lesson: ScormManifestLesson): void {
  if (!SAFE_ID.test(lesson.id)) throw new Error(`SCORM lesson id "${lesson.id}" must be 1-100 letters, digits, "-", "_" or "."`);
  if (!Number.isInteger(lesson.questionCount) || lesson.questionCount < 0) throw new Error('SCORM questionCount must be a whole number ≥ 0');
  for (const file of lesson.files) {
    const problem = invalidPackagePath(file);
    if (problem) throw new Error(`SCORM package ${problem}`);
  }
  if (!lesson.files.includes(lesson.launch)) throw new Error(`SCORM launch page "${lesson.launch}" is not among the package files`);
}

function cleanTitle(title: string, fallback: string): string {
  const text = truncateText(stripNonXmlChars(title).replace(/\s+/g, ' ').trim(), SCORM_TITLE_MAX_LENGTH);
  return text === '' ? fallback : text;
}

/** Every file once, the launch page first, the manifest itself left out (it describes the package, it is not content). */
function contentFiles(lesson: ScormManifestLesson): string[] {
  const rest = [...new Set(lesson.files)].filter((f) => f !== lesson.launch && f !== SCORM_MANIFEST_FILE);
  return [lesson.launch, ...rest];
}

/**
 * Builds `imsmanifest.xml` for SCORM 1.2 or SCORM 2004 4th Edition: one organization with one item
 * launching one SCO that lists every file of the package. Mastery: 1.2 `adlcp:masteryscore` is a
 * percentage (80 = the mastery points of 10 per question over the maximum, rounded up); 2004 states it
 * as the primary objective's `imsss:minNormalizedMeasure` (0.8) satisfied by measure. Max time: the
 * duration in whole minutes rounded up (omitted when unknown), with "continue, no message" when it
 * runs out. A lesson without questions declares no mastery: it completes when watched. The 2004
 * limit of 3 answers per question is per interaction, which the manifest cannot express (its
 * `attemptLimit` would cap launches of the whole lesson): ScormSession enforces it.
 * Everything creator-written is XML-escaped. Throws on an unsafe id, a non-ASCII path or a launch page
 * that is not among the files.
 */
export function buildManifest(lesson: ScormManifestLesson, version: ScormVersion): string {
  assertLesson(lesson);
  return version === '1.2' ? buildScorm12(lesson) : buildScorm2004(lesson);
}

function fileElements(lesson: ScormManifestLesson, indent: string): string {
  return contentFiles(lesson)
    .map((file) => `${indent}<file href="${escapeXml(packagePathToHref(file))}"/>`)
    .join('\n');
}

function buildScorm12(lesson: ScormManifestLesson): string {
  const ids = scormManifestIds(lesson.id);
  const title = escapeXml(cleanTitle(lesson.title, `Lesson ${lesson.id}`));
  const description = lesson.description ? truncateText(lesson.description.trim(), SCORM_DESCRIPTION_MAX_LENGTH) : '';
  const minutes = scormMaxTimeMinutes(lesson.durationSeconds);
  const mastery = scorm12MasteryPercent(lesson.questionCount);
  const itemExtras = [
    minutes === null ? null : `<adlcp:maxtimeallowed>${formatScorm12MaxTime(minutes)}</adlcp:maxtimeallowed>`,
    minutes === null ? null : `<adlcp:timelimitaction>${SCORM_TIME_LIMIT_ACTION}</adlcp:timelimitaction>`,
    mastery === null ? null : `<adlcp:masteryscore>${mastery}</adlcp:masteryscore>`,
  ]
    .filter((line): line is string => line !== null)
    .map((line) => `        ${line}\n`)
    .join('');
  const lom = [
    '    <imsmd:lom>',
    '      <imsmd:general>',
    `        <imsmd:title><imsmd:langstring>${title}</imsmd:langstring></imsmd:title>`,
    description ? `        <imsmd:description><imsmd:langstring>${escapeXml(description)}</imsmd:langstring></imsmd:description>` : null,
    '      </imsmd:general>',
    '    </imsmd:lom>',
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${ids.manifest}" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:imsmd="http://www.imsglobal.org/xsd/imsmd_rootv1p2p1"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>${SCORM_SCHEMA_VERSION['1.2']}</schemaversion>
${lom}
  </metadata>
  <organizations default="${ids.organization}">
    <organization identifier="${ids.organization}">
      <title>${title}</title>
      <item identifier="${ids.item}" identifierref="${ids.resource}" isvisible="true">
        <title>${title}</title>
${itemExtras}      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="${ids.resource}" type="webcontent" adlcp:scormtype="sco" href="${escapeXml(packagePathToHref(lesson.launch))}">
${fileElements(lesson, '      ')}
    </resource>
  </resources>
</manifest>
`;
}

function buildScorm2004(lesson: ScormManifestLesson): string {
  const ids = scormManifestIds(lesson.id);
  const title = escapeXml(cleanTitle(lesson.title, `Lesson ${lesson.id}`));
  const description = lesson.description ? truncateText(lesson.description.trim(), SCORM_DESCRIPTION_MAX_LENGTH) : '';
  const minutes = scormMaxTimeMinutes(lesson.durationSeconds);
  const passing = scorm2004ScaledPassingScore(lesson.questionCount);
  const sequencing = [
    '        <imsss:sequencing>',
    minutes === null ? null : `          <imsss:limitConditions attemptAbsoluteDurationLimit="PT${minutes}M"/>`,
    passing === null
      ? null
      : [
          '          <imsss:objectives>',
          `            <imsss:primaryObjective objectiveID="${ids.objective}" satisfiedByMeasure="true">`,
          `              <imsss:minNormalizedMeasure>${passing}</imsss:minNormalizedMeasure>`,
          '            </imsss:primaryObjective>',
          '          </imsss:objectives>',
        ].join('\n'),
    '          <imsss:deliveryControls completionSetByContent="true" objectiveSetByContent="true"/>',
    '        </imsss:sequencing>',
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
  const lom = [
    '    <lom xmlns="http://ltsc.ieee.org/xsd/LOM">',
    '      <general>',
    `        <title><string language="x-none">${title}</string></title>`,
    description ? `        <description><string language="x-none">${escapeXml(description)}</string></description>` : null,
    '      </general>',
    '    </lom>',
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${ids.manifest}" version="1.0"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>${SCORM_SCHEMA_VERSION['2004']}</schemaversion>
${lom}
  </metadata>
  <organizations default="${ids.organization}">
    <organization identifier="${ids.organization}">
      <title>${title}</title>
      <item identifier="${ids.item}" identifierref="${ids.resource}" isvisible="true">
        <title>${title}</title>
${minutes === null ? '' : `        <adlcp:timeLimitAction>${SCORM_TIME_LIMIT_ACTION}</adlcp:timeLimitAction>\n`}${sequencing}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="${ids.resource}" type="webcontent" adlcp:scormType="sco" href="${escapeXml(packagePathToHref(lesson.launch))}">
${fileElements(lesson, '      ')}
    </resource>
  </resources>
</manifest>
`;
}
