import { loadYouTubeApi, resetYouTubeApiForTests, YOUTUBE_API_URL } from './youtube-api';

type YtWindow = Window & { YT?: unknown; onYouTubeIframeAPIReady?: () => void };
const win = window as YtWindow;

function apiScripts(): HTMLScriptElement[] {
  return Array.from(document.querySelectorAll<HTMLScriptElement>('script')).filter((s) => s.src === YOUTUBE_API_URL);
}

describe('loadYouTubeApi', () => {
  beforeEach(() => {
    resetYouTubeApiForTests();
    delete win.YT;
    delete win.onYouTubeIframeAPIReady;
    apiScripts().forEach((s) => s.remove());
    jest.useFakeTimers();
  });

  afterEach(() => jest.useRealTimers());

  it('adds the script once and resolves when the API says it is ready', async () => {
    const first = loadYouTubeApi();
    const second = loadYouTubeApi();
    expect(apiScripts()).toHaveLength(1);
    const Player = jest.fn();
    win.YT = { Player };
    win.onYouTubeIframeAPIReady?.();
    await expect(first).resolves.toEqual({ Player });
    await expect(second).resolves.toEqual({ Player });
    // Loaded: no second script.
    await expect(loadYouTubeApi()).resolves.toEqual({ Player });
    expect(apiScripts()).toHaveLength(1);
  });

  it('fails at once when the script cannot load (offline), and a retry tries again', async () => {
    const attempt = loadYouTubeApi();
    apiScripts()[0].dispatchEvent(new Event('error'));
    await expect(attempt).rejects.toThrow('The YouTube player could not be loaded.');
    expect(apiScripts()).toHaveLength(0);
    void loadYouTubeApi().catch(() => undefined);
    expect(apiScripts()).toHaveLength(1);
  });

  it('gives up after the timeout instead of hanging', async () => {
    const attempt = loadYouTubeApi(1000);
    jest.advanceTimersByTime(1000);
    await expect(attempt).rejects.toThrow('The YouTube player did not load in time.');
    expect(apiScripts()).toHaveLength(0);
  });
});
