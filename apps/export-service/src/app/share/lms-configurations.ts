import type { ExportOptions, LmsConfiguration, LmsType } from '@veolearn/contracts';
import { LMS_TYPES } from '@veolearn/contracts';
import { originOf } from './share-links';

/** Where an LMS launches a lesson: its target link URI (the lti-service reads `video`). */
export function ltiLaunchUrl(origin: string, videoId: number): string {
  return `${originOf(origin)}/lti/launch?video=${videoId}`;
}

/**
 * The key an LMS files the tool under: one per lesson, not a secret. VeoLearn issues no shared
 * secrets: it is an LTI 1.3 tool, registered once per LMS (dynamic registration, or the login,
 * redirect and keyset URLs); the instructions say how.
 */
export function lessonToolKey(videoId: number): string {
  return `veolearn-lesson-${videoId}`;
}

/** The LTI 1.3 registration step: VeoLearn's live endpoints on this origin. */
function secretStep(url: string): string {
  const base = new URL(url).origin;
  return (
    'Leave the secret empty: VeoLearn does not issue shared secrets, it is an LTI 1.3 tool. Register it once for your LMS: ' +
    `paste ${base}/api/lti/register as the dynamic registration URL (Moodle 4.1+, Canvas, Brightspace), or enter the login URL ${base}/api/lti/login, ` +
    `the redirect URL ${base}/api/lti/launch and the keyset URL ${base}/api/lti/jwks, and give the VeoLearn administrator the client ID and deployment ID your LMS shows. ` +
    'Grades go back to the course once the link has a grade column.'
  );
}

interface LessonRef {
  id: number;
  title: string;
}

function customParameters(videoId: number, options: Pick<ExportOptions, 'autoplay' | 'showControls' | 'includeAnalytics'>): Record<string, string> {
  return {
    video_id: String(videoId),
    autoplay: String(options.autoplay),
    show_controls: String(options.showControls),
    include_analytics: String(options.includeAnalytics),
  };
}

/** How custom parameters are typed into an LMS form: one `name=value` a line. */
function customLines(custom: Record<string, string>): string {
  return Object.entries(custom)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
}

function moodle(lesson: LessonRef, url: string, key: string, custom: Record<string, string>): LmsConfiguration {
  return {
    lms: 'moodle',
    name: 'Moodle',
    tool_url: url,
    consumer_key: key,
    shared_secret: '',
    custom_parameters: custom,
    instructions: [
      'In your course, turn editing on and choose "Add an activity or resource", then "External tool".',
      `Activity name: "${lesson.title}".`,
      'Open "Show more..." and choose "Configure a tool manually" (or ask your Moodle administrator to add VeoLearn as a site tool).',
      `Tool URL: ${url}`,
      `Consumer key: ${key}`,
      secretStep(url),
      `Under "Custom parameters" enter one per line: ${customLines(custom)}.`,
      'Under Privacy, tick "Share launcher\'s name with the tool" and "Accept grades from the tool".',
      'Set "Launch container" to "New window", then "Save and display" to check that the lesson opens.',
    ],
  };
}

function canvas(lesson: LessonRef, url: string, key: string, custom: Record<string, string>): LmsConfiguration {
  return {
    lms: 'canvas',
    name: 'Canvas',
    launch_url: url,
    consumer_key: key,
    shared_secret: '',
    custom_parameters: custom,
    instructions: [
      'In your course open Settings, then the Apps tab, then "+ App".',
      'Configuration Type: "By URL" if you downloaded the LTI 1.1 XML from the share page and host it, otherwise "Manual Entry".',
      `Name: "VeoLearn"; Consumer Key: ${key}.`,
      secretStep(url),
      `Launch URL: ${url}; Domain: ${new URL(url).host}; Privacy: Public.`,
      `Custom Fields, one per line: ${customLines(custom)}.`,
      `Add a Module item of type "External Tool", choose VeoLearn, name it "${lesson.title}" and tick "Load in a new tab".`,
      'Publish the module item and open it as a student (Student View) to check that the lesson opens.',
    ],
  };
}

function blackboard(lesson: LessonRef, url: string, key: string, custom: Record<string, string>): LmsConfiguration {
  return {
    lms: 'blackboard',
    name: 'Blackboard Learn',
    launch_url: url,
    provider_key: key,
    provider_secret: '',
    custom_parameters: custom,
    instructions: [
      'Your Blackboard administrator registers the tool once: System Admin, then "LTI Tool Providers", then "Register Provider Domain".',
      `Provider Domain: ${new URL(url).host}; Provider Key: ${key}.`,
      secretStep(url),
      'Set "Send User Data" to "Send user data over any connection" and allow membership service access.',
      'In your course choose Content, then "Build Content", then "Web Link".',
      `Name: "${lesson.title}"; URL: ${url}; tick "This link is to a Tool Provider".`,
      `Under Custom Parameters enter one per line: ${customLines(custom)}.`,
      'Enable evaluation if you want a Grade Center column, choose "Open in New Window", then Submit and open the link to check it.',
    ],
  };
}

function brightspace(lesson: LessonRef, url: string, key: string, custom: Record<string, string>): LmsConfiguration {
  return {
    lms: 'brightspace',
    name: 'D2L Brightspace',
    launch_url: url,
    key,
    secret: '',
    custom_parameters: custom,
    instructions: [
      'Your Brightspace administrator opens Admin Tools, then "External Learning Tools", then "Manage Tool Providers", then "New Tool Provider".',
      `Launch Point: ${url}; Key: ${key}.`,
      secretStep(url),
      'Under Security Settings send the user name, e-mail and org unit information, and make the provider available to your org unit.',
      `In your course open Content, choose a module, then "Existing Activities", then "External Learning Tools", then "Create New LTI Link" titled "${lesson.title}" with URL ${url}.`,
      `Add the custom parameters: ${customLines(custom)}.`,
      'Tick "Open as External Resource", save, and open the topic to check that the lesson opens.',
    ],
  };
}

const BUILDERS: Record<LmsType, typeof moodle> = { moodle, canvas, blackboard, brightspace };

/** Configurations for the four LMSs, the chosen one first. */
export function lmsConfigurations(
  origin: string,
  lesson: LessonRef,
  options: Pick<ExportOptions, 'lmsType' | 'autoplay' | 'showControls' | 'includeAnalytics'>,
): LmsConfiguration[] {
  const url = ltiLaunchUrl(origin, lesson.id);
  const key = lessonToolKey(lesson.id);
  const custom = customParameters(lesson.id, options);
  const order = [options.lmsType, ...LMS_TYPES.filter((lms) => lms !== options.lmsType)];
  return order.map((lms) => BUILDERS[lms](lesson, url, key, custom));
}
