import { apiCall, apiRequest } from '../../../lib/session-client';
import type { InteractionView, SkippingMode, VideoView } from '@veolearn/contracts/types';

export type { InteractionView, SkippingMode } from '@veolearn/contracts/types';

/** The owner's video, with the player settings (how far a learner may move; PUT /api/videos/{id}/settings). */
export type EditorVideo = VideoView;

/** GET /api/videos/{id}/interactions: 'owner' carries every field, 'learner' no answers and no feedback. */
export interface InteractionList {
  videoId: number;
  view: 'owner' | 'learner';
  items: InteractionView[];
}

export interface VideoSettings {
  skippingMode?: SkippingMode;
  requireCorrect?: boolean;
  /** Points and achievements for learners (on by default). */
  gamification?: boolean;
}

/** A question body as POST/PUT take it: the fields of its type (validated again by the server). */
export type QuestionPayload = Record<string, unknown>;

export function fetchEditorVideo(id: number, signal?: AbortSignal): Promise<EditorVideo> {
  return apiCallWithSignal<EditorVideo>('GET', `/api/videos/${id}`, signal);
}

export function fetchInteractions(videoId: number, signal?: AbortSignal): Promise<InteractionList> {
  return apiCallWithSignal<InteractionList>('GET', `/api/videos/${videoId}/interactions`, signal);
}

export function createInteraction(videoId: number, question: QuestionPayload): Promise<InteractionView> {
  return apiCall<InteractionView>('POST', `/api/videos/${videoId}/interactions`, question);
}

export function updateInteraction(id: number, question: QuestionPayload): Promise<InteractionView> {
  return apiCall<InteractionView>('PUT', `/api/interactions/${id}`, question);
}

export function deleteInteraction(id: number): Promise<{ deleted: true; id: number }> {
  return apiCall<{ deleted: true; id: number }>('DELETE', `/api/interactions/${id}`);
}

export function updateVideoSettings(videoId: number, settings: VideoSettings): Promise<EditorVideo> {
  return apiCall<EditorVideo>('PUT', `/api/videos/${videoId}/settings`, settings);
}

/** GET with the default session rule (401/403 → sign-in) and an abort signal for react-query. */
async function apiCallWithSignal<T>(method: string, url: string, signal?: AbortSignal): Promise<T> {
  return (await apiRequest<T>(method, url, undefined, { signal })) as T;
}
