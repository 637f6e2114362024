import { DEEP_LINKING_RESPONSE, LTI_CLAIM, LTI_VERSION } from './claims';

export interface DeepLinkedLesson {
  id: number;
  title: string;
  questionCount: number;
}

/** Points per question of a lesson's line item, as in the LTI 1.3 configuration file. */
export const POINTS_PER_QUESTION = 10;

/**
 * The claims of an LtiDeepLinkingResponse (Deep Linking 2.0 section 4.2) adding one lesson: an
 * ltiResourceLink to the lesson's launch URL with its id as a custom parameter and a line item whose
 * maximum comes from the lesson (10 points a question). The platform's `data` goes back unchanged.
 */
export function deepLinkingResponseClaims(options: {
  deploymentId: string;
  origin: string;
  lesson: DeepLinkedLesson;
  data: string | null;
}): Record<string, unknown> {
  const { lesson } = options;
  const item = {
    type: 'ltiResourceLink',
    title: lesson.title,
    text: `Interactive video lesson with ${lesson.questionCount === 1 ? '1 question' : `${lesson.questionCount} questions`}, from VeoLearn.`,
    url: `${options.origin}/lti/launch?video=${lesson.id}`,
    custom: { video_id: String(lesson.id) },
    lineItem: {
      scoreMaximum: Math.max(1, lesson.questionCount) * POINTS_PER_QUESTION,
      label: lesson.title,
      resourceId: `veolearn-video-${lesson.id}`,
    },
  };
  return {
    [LTI_CLAIM.messageType]: DEEP_LINKING_RESPONSE,
    [LTI_CLAIM.version]: LTI_VERSION,
    [LTI_CLAIM.deploymentId]: options.deploymentId,
    [LTI_CLAIM.contentItems]: [item],
    [LTI_CLAIM.dlMessage]: `Added "${lesson.title}" from VeoLearn.`,
    ...(options.data !== null ? { [LTI_CLAIM.deepLinkingData]: options.data } : {}),
  };
}
