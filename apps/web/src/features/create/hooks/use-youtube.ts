import { useCallback, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { parseYouTubeId } from '@veolearn/domain';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, serverMessage } from '../../../lib/session-client';
import { lookupYouTube, searchYouTube, type YouTubeSearchResult } from '../api/create-api';
import { videoFromLinkOnly, videoFromLookup, videoFromSearchResult, type SelectedVideo } from '../wizard-rules';
import { readStorage, SEARCH_STORAGE_KEY, writeStorage } from '../wizard-settings';

/** What the search area says instead of results. */
export type SearchNotice =
  | { kind: 'not-configured' }
  | { kind: 'empty'; query: string }
  | { kind: 'error'; message: string }
  | null;

export const INVALID_URL_TOAST = { title: 'Invalid YouTube URL', description: 'Please enter a valid YouTube URL' } as const;

/**
 * The wizard's YouTube search: the query (remembered in local storage), the results, the one shown
 * ('n of m'), and what to say when there are none. Moving through the results selects them.
 */
export function useYouTubeSearch(onSelect: (video: SelectedVideo) => void) {
  const [query, setQuery] = useState(() => readStorage(SEARCH_STORAGE_KEY) ?? '');
  const [results, setResults] = useState<YouTubeSearchResult[]>([]);
  const [index, setIndex] = useState(0);
  const [notice, setNotice] = useState<SearchNotice>(null);

  const mutation = useMutation({
    mutationFn: searchYouTube,
    onSuccess: (answer, term) => {
      setResults(answer.allVideos);
      setIndex(0);
      const first = answer.selectedVideo ?? answer.allVideos[0];
      if (!first) {
        setNotice({ kind: 'empty', query: term });
        return;
      }
      setNotice(null);
      onSelect(videoFromSearchResult(first));
      toast({ title: 'Videos found!', description: `${answer.allVideos.length} ${answer.allVideos.length === 1 ? 'video' : 'videos'} for “${term}”` });
    },
    onError: (error) => {
      setResults([]);
      if (error instanceof ApiError && error.status === 503) {
        setNotice({ kind: 'not-configured' });
        return;
      }
      const message = serverMessage(error) ?? 'Please try again.';
      setNotice({ kind: 'error', message });
      toast({ variant: 'destructive', title: 'Search Failed', description: message });
    },
  });

  const search = useCallback(() => {
    const term = query.trim();
    if (!term) return;
    writeStorage(SEARCH_STORAGE_KEY, term);
    mutation.mutate(term);
  }, [query, mutation]);

  const clear = useCallback(() => {
    setQuery('');
    setResults([]);
    setIndex(0);
    setNotice(null);
    writeStorage(SEARCH_STORAGE_KEY, null);
  }, []);

  const show = useCallback(
    (next: number) => {
      const result = results[next];
      if (!result) return;
      setIndex(next);
      onSelect(videoFromSearchResult(result));
    },
    [results, onSelect],
  );

  return { query, setQuery, search, clear, results, index, show, notice, searching: mutation.isPending };
}

/**
 * 'Use Video': checks the link, then asks the server for YouTube's details. Without an API key the
 * preview says the details are not available; when YouTube does not answer the link is used as it is.
 */
export function useYouTubeLink(onSelect: (video: SelectedVideo) => void) {
  const mutation = useMutation({
    mutationFn: ({ url }: { url: string; youtubeId: string }) => lookupYouTube(url),
    onSuccess: (details) => onSelect(videoFromLookup(details)),
    onError: (error, { url, youtubeId }) => {
      if (error instanceof ApiError && error.status === 404) {
        toast({ variant: 'destructive', title: 'Video not found', description: serverMessage(error) ?? 'YouTube does not know this video.' });
        return;
      }
      if (error instanceof ApiError && error.status === 400) {
        toast({ variant: 'destructive', ...INVALID_URL_TOAST });
        return;
      }
      onSelect(videoFromLinkOnly(youtubeId, url, serverMessage(error) ?? 'YouTube did not answer'));
    },
  });

  /** Returns false (after the toast) when the link is not a YouTube video link. */
  const submitLink = useCallback(
    (input: string): boolean => {
      const url = input.trim();
      const youtubeId = url ? parseYouTubeId(url) : null;
      if (!youtubeId) {
        toast({ variant: 'destructive', ...INVALID_URL_TOAST });
        return false;
      }
      mutation.mutate({ url, youtubeId });
      return true;
    },
    [mutation],
  );

  return { submitLink, lookingUp: mutation.isPending };
}
