import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, clearToken, serverMessage, SIGN_IN_PATH } from '../../../lib/session-client';
import { libraryKeys } from '../../library/library-query-keys';
import type { CreatedVideo } from '../api/create-api';
import {
  UploadCancelledError,
  uploadVideo,
  type UploadHandle,
  type UploadInput,
  type UploadProgress,
} from '../api/upload-video';
import { readVideoFileDuration } from '../video-file-duration';
import { captureVideoPoster } from '../video-poster';

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; progress: UploadProgress; fileName: string }
  | { status: 'failed'; message: string; upgrade: boolean };

/** A refused upload in words: the server's message (413 size, 415 type, 402 plan limit), else a general one. */
export function uploadErrorMessage(error: unknown): string {
  return serverMessage(error) ?? 'The upload failed. Please try again.';
}

/**
 * Uploads one video at a time with progress; cancelling aborts the request (the server then keeps nothing).
 * First the browser captures a poster frame of the file (a few hundred ms; none when it cannot play the
 * file or takes too long: the upload never waits for more than the capture's timeout, and never fails
 * for it). Meanwhile the browser reads the file's length from its metadata; `onUploaded` gets it (null when unknown).
 */
export function useVideoUpload(
  onUploaded: (video: CreatedVideo, input: UploadInput, durationSeconds: number | null) => void,
  readDuration: (file: File) => Promise<number | null> = readVideoFileDuration,
  capturePoster: (file: File) => Promise<Blob | null> = captureVideoPoster,
) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const handle = useRef<UploadHandle | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // Leaving the page stops an upload still running.
  useEffect(() => () => handle.current?.abort(), []);

  const start = useCallback(
    async (input: UploadInput) => {
      handle.current?.abort();
      setState({ status: 'uploading', progress: { loaded: 0, total: input.file.size, percent: 0 }, fileName: input.file.name });
      let cancelled = false;
      const capturing: UploadHandle = { promise: new Promise<never>(() => undefined), abort: () => (cancelled = true) };
      handle.current = capturing;
      const poster = input.poster ?? (await capturePoster(input.file).catch(() => null));
      // Cancelled, or another upload started, while the frame was captured.
      if (cancelled || handle.current !== capturing) {
        if (handle.current === capturing) handle.current = null;
        if (cancelled) setState({ status: 'idle' });
        return;
      }
      const current = uploadVideo({ ...input, poster }, (progress) => setState({ status: 'uploading', progress, fileName: input.file.name }));
      handle.current = current;
      const duration = readDuration(input.file).catch(() => null);
      try {
        const video = await current.promise;
        const durationSeconds = await duration;
        setState({ status: 'idle' });
        onUploaded(video, input, durationSeconds);
        await queryClient.invalidateQueries({ queryKey: libraryKeys.all });
      } catch (error) {
        if (error instanceof UploadCancelledError) {
          setState({ status: 'idle' });
          return;
        }
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          clearToken();
          navigate(SIGN_IN_PATH, { replace: true });
          return;
        }
        setState({ status: 'failed', message: uploadErrorMessage(error), upgrade: error instanceof ApiError && error.status === 402 });
      } finally {
        if (handle.current === current) handle.current = null;
      }
    },
    [capturePoster, navigate, onUploaded, queryClient, readDuration],
  );

  const cancel = useCallback(() => handle.current?.abort(), []);
  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { state, start, cancel, reset };
}
