import { escapeXml } from '@veolearn/scorm';
import { lessonToolKey, ltiLaunchUrl } from './lms-configurations';
import { originOf } from './share-links';

/** The spec's LTI 1.3 constants (section 9). */
export const LTI13_PLACEMENT = 'ContentArea';
export const LTI13_WINDOW_TARGET = '_blank';
export const LTI13_DISPLAY_WIDTH = '100%';
export const LTI13_DISPLAY_HEIGHT = 600;
/** LTI 1.1: Canvas's extension shares the learner's name and e-mail with the tool. */
export const LTI11_CANVAS_PRIVACY_LEVEL = 'public';

const DESCRIPTION_MAX = 500;

interface LessonRef {
  id: number;
  title: string;
  questionCount: number;
}

function describe(lesson: LessonRef): string {
  const questions = lesson.questionCount === 1 ? '1 question' : `${lesson.questionCount} questions`;
  return `Interactive video lesson "${lesson.title}" with ${questions}, from VeoLearn.`.slice(0, DESCRIPTION_MAX);
}

export function lti13FileName(videoId: number): string {
  return `veolearn-lti13-${videoId}.json`;
}

export function lti11FileName(videoId: number): string {
  return `veolearn-lti11-${videoId}.xml`;
}

/**
 * LTI 1.3 tool configuration for deep linking one lesson: the tool's launch and login URLs, one
 * ContentArea placement opening in a new window (_blank) at 100% by 600, and the content item the
 * deep-linking response creates. The login, redirect and keyset URLs are the lti-service's live
 * endpoints; nothing here is a secret. JSON.stringify escapes the creator's title.
 */
export function lti13Config(origin: string, lesson: LessonRef): Record<string, unknown> {
  const base = originOf(origin);
  const launch = ltiLaunchUrl(origin, lesson.id);
  const custom = { video_id: String(lesson.id) };
  return {
    title: `VeoLearn: ${lesson.title}`,
    description: describe(lesson),
    lti_version: '1.3.0',
    target_link_uri: launch,
    oidc_initiation_url: `${base}/api/lti/login`,
    // The launch form is posted here (the lti-service reads the lesson from target_link_uri's ?video=).
    redirect_uris: [`${base}/api/lti/launch`],
    public_jwk_url: `${base}/api/lti/jwks`,
    client_id_hint: lessonToolKey(lesson.id),
    scopes: ['https://purl.imsglobal.org/spec/lti-ags/scope/score', 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem'],
    custom_fields: custom,
    messages: [
      {
        type: 'LtiDeepLinkingRequest',
        target_link_uri: launch,
        label: lesson.title,
        placements: [LTI13_PLACEMENT],
      },
    ],
    placements: [
      {
        placement: LTI13_PLACEMENT,
        message_type: 'LtiDeepLinkingRequest',
        target_link_uri: launch,
        window_target: LTI13_WINDOW_TARGET,
        display_width: LTI13_DISPLAY_WIDTH,
        display_height: LTI13_DISPLAY_HEIGHT,
      },
    ],
    content_item: {
      type: 'ltiResourceLink',
      title: lesson.title,
      text: describe(lesson),
      url: launch,
      custom,
      window: { targetName: LTI13_WINDOW_TARGET },
      iframe: { width: LTI13_DISPLAY_WIDTH, height: LTI13_DISPLAY_HEIGHT },
      lineItem: { scoreMaximum: Math.max(1, lesson.questionCount) * 10, label: lesson.title },
    },
  };
}

/** The same configuration as the file's text. */
export function lti13ConfigText(origin: string, lesson: LessonRef): string {
  return `${JSON.stringify(lti13Config(origin, lesson), null, 2)}\n`;
}

/**
 * An LTI 1.1 cartridge (basic_lti_link) for one lesson: title, description, launch URL (and the
 * secure one over https), the lesson id as a custom parameter, Canvas's extension with
 * privacy_level public, and the vendor. Everything creator-written is XML-escaped.
 */
export function lti11Cartridge(origin: string, lesson: LessonRef): string {
  const launch = ltiLaunchUrl(origin, lesson.id);
  const host = new URL(originOf(origin)).host;
  const secure = launch.startsWith('https:') ? `\n  <blti:secure_launch_url>${escapeXml(launch)}</blti:secure_launch_url>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<cartridge_basiclti_link xmlns="http://www.imsglobal.org/xsd/imslticc_v1p0"
    xmlns:blti="http://www.imsglobal.org/xsd/imsbasiclti_v1p0"
    xmlns:lticm="http://www.imsglobal.org/xsd/imslticm_v1p0"
    xmlns:lticp="http://www.imsglobal.org/xsd/imslticp_v1p0"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.imsglobal.org/xsd/imslticc_v1p0 http://www.imsglobal.org/xsd/lti/ltiv1p0/imslticc_v1p0.xsd http://www.imsglobal.org/xsd/imsbasiclti_v1p0 http://www.imsglobal.org/xsd/lti/ltiv1p0/imsbasiclti_v1p0.xsd http://www.imsglobal.org/xsd/imslticm_v1p0 http://www.imsglobal.org/xsd/lti/ltiv1p0/imslticm_v1p0.xsd http://www.imsglobal.org/xsd/imslticp_v1p0 http://www.imsglobal.org/xsd/lti/ltiv1p0/imslticp_v1p0.xsd">
  <blti:title>${escapeXml(lesson.title)}</blti:title>
  <blti:description>${escapeXml(describe(lesson))}</blti:description>
  <blti:launch_url>${escapeXml(launch)}</blti:launch_url>${secure}
  <blti:custom>
    <lticm:property name="video_id">${lesson.id}</lticm:property>
  </blti:custom>
  <blti:extensions platform="canvas.instructure.com">
    <lticm:property name="tool_id">${escapeXml(lessonToolKey(lesson.id))}</lticm:property>
    <lticm:property name="privacy_level">${LTI11_CANVAS_PRIVACY_LEVEL}</lticm:property>
    <lticm:property name="domain">${escapeXml(host)}</lticm:property>
    <lticm:property name="text">${escapeXml(lesson.title)}</lticm:property>
    <lticm:property name="selection_width">800</lticm:property>
    <lticm:property name="selection_height">${LTI13_DISPLAY_HEIGHT}</lticm:property>
  </blti:extensions>
  <blti:vendor>
    <lticp:code>veolearn</lticp:code>
    <lticp:name>VeoLearn</lticp:name>
    <lticp:url>${escapeXml(originOf(origin))}</lticp:url>
  </blti:vendor>
</cartridge_basiclti_link>
`;
}
