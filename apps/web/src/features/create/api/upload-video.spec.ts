import { ApiError, serverMessage } from '../../../lib/session-client';
import {
  isAcceptedCaptionsFile,
  isAcceptedVideoFile,
  progressOf,
  titleFromFileName,
  UPLOAD_INTERRUPTED,
  UploadCancelledError,
  uploadVideo,
  type UploadProgress,
} from './upload-video';

/** Just enough of XMLHttpRequest to drive uploadVideo: the test fires the events. */
class FakeRequest {
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: string, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = body;
    this.onload?.();
  }
}

function start(input: Parameters<typeof uploadVideo>[0] = { file: new File(['ftyp'], 'Lab safety.mp4', { type: 'video/mp4' }) }) {
  const request = new FakeRequest();
  const progress: UploadProgress[] = [];
  const handle = uploadVideo(input, (p) => progress.push(p), () => request as unknown as XMLHttpRequest);
  return { request, progress, handle };
}

describe('uploadVideo', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('authToken', 'token-1');
  });

  it('posts multipart with the bearer token, reports progress and resolves with the video', async () => {
    const captions = new File(['WEBVTT\n'], 'lab.vtt', { type: 'text/vtt' });
    const poster = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    const { request, progress, handle } = start({ file: new File(['ftyp'], 'lab.mp4', { type: 'video/mp4' }), captions, title: '  Lab safety ', poster });
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/videos/upload');
    expect(request.headers['Authorization']).toBe('Bearer token-1');
    expect((request.body?.get('file') as File).name).toBe('lab.mp4');
    expect((request.body?.get('captions') as File).name).toBe('lab.vtt');
    expect(request.body?.get('title')).toBe('Lab safety');
    expect((request.body?.get('poster') as File).name).toBe('poster.jpg');
    expect((request.body?.get('poster') as File).type).toBe('image/jpeg');
    // The small parts come before the video, so the server has read them before the file streams in.
    expect([...(request.body?.keys() ?? [])]).toEqual(['title', 'captions', 'poster', 'file']);

    request.progress(25, 100);
    request.progress(100, 100);
    expect(progress.map((p) => p.percent)).toEqual([25, 100]);
    request.respond(201, JSON.stringify({ id: 9, title: 'Lab safety', mediaUrl: '/api/media/9' }));
    await expect(handle.promise).resolves.toMatchObject({ id: 9, mediaUrl: '/api/media/9' });
  });

  it('leaves out an empty title, missing captions and a missing poster', () => {
    const { request } = start({ file: new File(['x'], 'a.webm', { type: 'video/webm' }), captions: null, title: '  ' });
    expect(request.body?.has('title')).toBe(false);
    expect(request.body?.has('captions')).toBe(false);
    expect(request.body?.has('poster')).toBe(false);
  });

  it("rejects with the server's message for 413, 415 and 402", async () => {
    for (const [status, message] of [
      [413, 'The video is larger than the 1 GiB limit.'],
      [415, 'Only MP4, WebM and MOV videos can be uploaded.'],
      [402, 'Your Free Trial plan includes 1 interactive video. Subscribe to create more.'],
    ] as const) {
      const { request, handle } = start();
      request.respond(status, JSON.stringify({ statusCode: status, message, error: 'x' }));
      const error = await handle.promise.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(status);
      expect(serverMessage(error)).toBe(message);
    }
  });

  it('tells a lost connection from a cancel', async () => {
    const lost = start();
    lost.request.onerror?.();
    await expect(lost.handle.promise).rejects.toThrow(UPLOAD_INTERRUPTED);
    const cancelled = start();
    cancelled.handle.abort();
    await expect(cancelled.handle.promise).rejects.toBeInstanceOf(UploadCancelledError);
  });
});

describe('upload checks', () => {
  it('accepts MP4, WebM and MOV by type or name', () => {
    expect(isAcceptedVideoFile({ name: 'a.bin', type: 'video/mp4' })).toBe(true);
    expect(isAcceptedVideoFile({ name: 'clip.MOV', type: '' })).toBe(true);
    expect(isAcceptedVideoFile({ name: 'clip.webm', type: '' })).toBe(true);
    expect(isAcceptedVideoFile({ name: 'clip.avi', type: 'video/x-msvideo' })).toBe(false);
    expect(isAcceptedVideoFile({ name: 'notes.pdf', type: 'application/pdf' })).toBe(false);
  });

  it('accepts .vtt and .srt captions up to 2 MB', () => {
    expect(isAcceptedCaptionsFile({ name: 'a.vtt', size: 10 })).toBe(true);
    expect(isAcceptedCaptionsFile({ name: 'a.SRT', size: 10 })).toBe(true);
    expect(isAcceptedCaptionsFile({ name: 'a.txt', size: 10 })).toBe(false);
    expect(isAcceptedCaptionsFile({ name: 'a.vtt', size: 3 * 1024 * 1024 })).toBe(false);
  });

  it('titles an upload after its file name and rounds progress down', () => {
    expect(titleFromFileName('Lab safety.final.mp4')).toBe('Lab safety.final');
    expect(titleFromFileName('.mp4')).toBe('.mp4');
    expect(progressOf(1, 3).percent).toBe(33);
    expect(progressOf(5, 0).percent).toBe(0);
  });
});
