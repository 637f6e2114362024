import { useQuery } from '@tanstack/react-query';
import { fetchCaptions, fetchPlayback, isNotFound } from '../api/player-api';
import { parseVtt } from '../model/vtt';
import { playerKeys } from '../player-query-keys';

/** The video and its questions as a learner sees them; a missing video is not retried. */
export function usePlaybackQuery(videoId: number) {
  return useQuery({
    queryKey: playerKeys.playback(videoId),
    queryFn: ({ signal }) => fetchPlayback(videoId, signal),
    enabled: Number.isSafeInteger(videoId) && videoId > 0,
    staleTime: 60_000,
    retry: (count, error) => !isNotFound(error) && count < 1,
  });
}

/**
 * The video's caption cues, read from the playback view's captions link only when the video has captions
 * (a lesson without them would answer 404 on every load); empty otherwise.
 */
export function useCaptionsQuery(videoId: number, url: string, hasCaptions: boolean) {
  return useQuery({
    enabled: hasCaptions && url !== '',
    queryKey: playerKeys.captions(videoId),
    queryFn: async ({ signal }) => {
      const text = await fetchCaptions(url, signal);
      return text === null ? [] : parseVtt(text);
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
