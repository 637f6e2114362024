import type { Browser, Page } from 'playwright-core';
import { startYouTubeStub, type StackOptions, type YouTubeStub } from '@veolearn/testing';
import { join } from 'node:path';
import { newAccount, posterSize, SCREENSHOT_DIR, signUpViaApi, useBrowserSuite } from './support';

const VIDEO_URL = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

/** About 300 words as YouTube's "Show transcript" panel copies them: a time on its own line, then the words. */
const TRANSCRIPT = [
  ['0:00', 'Welcome back to our science series. Today we follow a single drop of water on its journey around the planet, a journey we call the water cycle.'],
  ['0:11', 'Almost all of the water on Earth is in the oceans. When the sun warms the surface of the sea, some of that water turns into vapour and rises into the air. This step is called evaporation.'],
  ['0:27', 'Plants add water vapour too. They pull water up from the soil through their roots and release it through tiny pores in their leaves, a process known as transpiration.'],
  ['0:41', 'As the warm, moist air rises it cools down. Cooler air cannot hold as much vapour, so the vapour condenses into tiny droplets around specks of dust. Billions of these droplets together form the clouds we see.'],
  ['0:58', 'Inside a cloud the droplets bump into each other and join. When they grow too heavy to stay in the air, they fall as precipitation: rain, snow, sleet or hail, depending on the temperature.'],
  ['1:14', 'Some of that water runs off the land into streams and rivers, and the rivers carry it back to the ocean. Some of it soaks into the ground and becomes groundwater, which can stay underground for thousands of years.'],
  ['1:31', 'Snow that falls on high mountains may be stored as ice in glaciers. In spring, meltwater feeds the rivers again.'],
  ['1:42', 'Then the sun warms the ocean once more and the cycle starts again. The water you drink today may once have fallen as rain on a dinosaur.'],
  ['1:53', 'So remember the four big steps: evaporation, condensation, precipitation and collection. Thanks for watching, and see you next time.'],
]
  .map(([time, words]) => `${time}\n${words}`)
  .join('\n');

/**
 * A screenshot once the page is still: toasts gone, transitions finished, scrolled to the top (sticky
 * columns otherwise show where the last click left them).
 */
async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.locator('li[data-state]').first().waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage, animations: 'disabled' });
}

/** Thumbnails come from i.ytimg.com, which tests never reach: the page shows its own placeholder instead. */
async function blockThumbnails(page: Page): Promise<void> {
  await page.route('https://i.ytimg.com/**', (route) => route.fulfill({ status: 404, body: '' }));
}

async function signedInPage(browser: Browser, baseUrl: string, token: string, width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  const page = await context.newPage();
  await blockThumbnails(page);
  await page.goto(`${baseUrl}/terms`);
  await page.evaluate((t) => localStorage.setItem('authToken', t), token);
  return page;
}

describe('create wizard in the browser (no YouTube key)', () => {
  const suite = useBrowserSuite({ name: 'web_create' });
  const { url, toast } = suite;

  async function api<T>(token: string, path: string): Promise<{ status: number; body: T }> {
    const res = await fetch(url(path), { headers: { Authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as T };
  }

  /** A fresh trial account; the suite's page is signed in (through local storage) and thumbnails are blocked. */
  async function account(): Promise<string> {
    const token = await signUpViaApi(suite.stack.baseUrl, newAccount());
    await suite.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.stack.baseUrl });
    await blockThumbnails(suite.page);
    await suite.page.goto(url('/terms'));
    await suite.page.evaluate((t) => localStorage.setItem('authToken', t), token);
    return token;
  }

  async function openWizard(page: Page = suite.page): Promise<void> {
    await page.goto(url('/create'));
    await page.getByRole('heading', { name: 'Create Interactive Video' }).waitFor();
  }

  const tab = (name: string, page: Page = suite.page) => page.getByRole('tab', { name, exact: true });

  it('creates an interactive video from a pasted link and transcript, and lands in the editor', async () => {
    const token = await account();
    const { page } = suite;
    await openWizard();
    expect(await tab('Edit Questions').isDisabled()).toBe(true);
    expect(await tab('Share').isDisabled()).toBe(true);
    expect(await page.getByText('LMS connected').count()).toBe(0);

    // Search is not set up on this server: the page says so and offers the link instead.
    const find = page.getByRole('button', { name: 'Find Videos' });
    expect(await find.isDisabled()).toBe(true);
    await page.getByLabel('Search topic').fill('the water cycle');
    await find.click();
    await page.getByTestId('search-not-configured').waitFor();
    expect(await page.getByTestId('search-not-configured').textContent()).not.toMatch(/statusCode|\{/);

    // A link that is not YouTube is refused.
    await page.getByLabel('YouTube link', { exact: true }).fill('https://vimeo.com/123456');
    await page.getByRole('button', { name: 'Use Video' }).click();
    await toast('Invalid YouTube URL', 'Please enter a valid YouTube URL').waitFor();
    expect(await page.getByText('No video selected yet').count()).toBe(1);

    // A YouTube link: without an API key the details are honestly missing.
    await page.getByLabel('YouTube link', { exact: true }).fill(VIDEO_URL);
    await page.getByRole('button', { name: 'Use Video' }).click();
    await page.getByTestId('details-note').getByText('Video details are not available', { exact: false }).waitFor();
    expect(await page.getByTestId('selected-video-title').textContent()).toBe('YouTube video dQw4w9WgXcQ');
    expect(await page.getByTestId('transcript-status').textContent()).toBe('Transcript needed');
    await screenshot(page, 'create-youtube-1280', true);

    // Transcript: Continue waits for text; the count and the detected format show.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    expect(await tab('Transcript').getAttribute('aria-selected')).toBe('true');
    await page.getByText('How to copy a transcript from YouTube').waitFor();
    const proceed = page.getByRole('button', { name: 'Continue to Settings' });
    expect(await proceed.isDisabled()).toBe(true);
    await page.getByLabel('Transcript', { exact: true }).fill(TRANSCRIPT);
    expect(await page.getByTestId('transcript-count').textContent()).toBe(`${TRANSCRIPT.length.toLocaleString('en-US')} characters`);
    await page.getByText('YouTube transcript with timestamps · 9 timed lines').waitFor();
    await screenshot(page, 'create-transcript-1280', true);
    const length = TRANSCRIPT.length.toLocaleString('en-US');
    await tab('YouTube').click();
    expect(await page.getByTestId('transcript-status').textContent()).toBe(`Transcript ready (${length} characters)`);
    await tab('Transcript').click();
    await proceed.click();

    // Settings: the defaults first.
    expect(await tab('Interactions').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('summary-transcript').textContent()).toBe(`${length} characters`);
    for (const label of ['Single choice', 'Multiple choice', 'True or false']) {
      expect(await page.getByRole('checkbox', { name: label }).getAttribute('aria-checked')).toBe('true');
    }
    await page.getByRole('checkbox', { name: 'Multiple choice' }).click();
    await page.getByRole('checkbox', { name: 'Fill in the gaps' }).click();
    await page.getByRole('checkbox', { name: 'Matching' }).click();
    await page.getByRole('radio', { name: '1 per chapter' }).check({ force: true });
    await page.getByLabel('Questions in the video').click();
    await page.getByRole('option', { name: '6', exact: true }).click();
    await page.getByRole('switch', { name: 'Detailed summary' }).click();
    await screenshot(page, 'create-interactions-1280', true);

    // Progress answers wait until the test lets them through, so the overlay can be looked at; the numbers are the server's.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/generation/jobs/**', async (route) => {
      await gate;
      await route.continue();
    });
    const sent = page.waitForRequest((req) => req.url().endsWith('/api/youtube/transcript-paste'));
    await page.getByRole('button', { name: 'Generate Interactive Video' }).click();
    const body = JSON.parse((await sent).postData() ?? '{}');
    expect(body).toMatchObject({
      youtubeUrl: VIDEO_URL,
      videoUrl: VIDEO_URL,
      interactionCount: 6,
      questionTypes: ['single', 'trueFalse', 'matching', 'fillGap'],
      questionsPerChapter: 1,
      questionsPerTopic: 1,
      detailedSummary: true,
    });
    const overlay = page.getByRole('dialog', { name: 'Generating Video' });
    await overlay.getByText('Creating your interactive learning experience...').waitFor();
    expect(await overlay.getByTestId('generation-percent').textContent()).toMatch(/^\d{1,3}%$/);
    const bar = overlay.getByRole('progressbar', { name: 'Generation progress' });
    expect(await bar.getAttribute('aria-valuenow')).toBe((await overlay.getByTestId('generation-percent').textContent())?.replace('%', ''));
    await screenshot(page, 'create-generating-1280');

    // Continue closes the overlay; the wizard keeps following the job in the background, then opens the editor.
    await overlay.getByRole('button', { name: 'Continue' }).click();
    await overlay.waitFor({ state: 'detached' });
    await page.getByTestId('background-progress').waitFor();
    expect(await page.getByRole('button', { name: 'Generating...' }).isDisabled()).toBe(true);
    release();
    await page.waitForURL(/\/edit-questions\/\d+$/, { timeout: 60_000 });
    const videoId = Number(new URL(page.url()).pathname.split('/').pop());
    const list = await api<{ view: string; items: unknown[] }>(token, `/api/videos/${videoId}/interactions`);
    expect(list.status).toBe(200);
    expect(list.body.view).toBe('owner');
    expect(list.body.items.length).toBeGreaterThan(0);
    expect(list.body.items.length).toBeLessThanOrEqual(6);
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('veolearn-create-settings') ?? '{}'));
    expect(saved).toMatchObject({ questionTypes: ['single', 'trueFalse', 'matching', 'fillGap'], questionsPerChapter: 1, interactionCount: 6 });
    await page.unroute('**/api/generation/jobs/**');

    // Back from the editor: the wizard shows the Share step of that video.
    await page.goBack();
    await page.waitForURL(url(`/create?video=${videoId}`));
    await page.getByText('Your interactive video is ready').waitFor();
    const playerUrl = `${suite.stack.baseUrl}/player/${videoId}`;
    expect(await page.getByRole('textbox', { name: 'Player URL' }).inputValue()).toBe(playerUrl);
    expect(await page.getByRole('textbox', { name: 'Embed code' }).inputValue()).toContain(`src="${suite.stack.baseUrl}/embed/${videoId}" width="100%" height="600"`);
    await page.getByRole('button', { name: 'Copy Player URL' }).click();
    await page.getByRole('button', { name: 'Player URL copied' }).getByText('Copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(playerUrl);
    await page.getByRole('button', { name: 'Copy Player URL' }).waitFor({ timeout: 3000 });
    await page.getByTestId('video-details').getByText(String(list.body.items.length), { exact: true }).waitFor();
    // The share step shares the lesson: its links now work for learners who are not signed in.
    await page.getByText('Shared by link').waitFor();
    expect((await fetch(url(`/api/play/${videoId}`))).status).toBe(200);
    await screenshot(page, 'create-share-1280', true);

    await tab('Edit Questions').click();
    expect(await tab('Edit Questions').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('question-count').textContent()).toBe(`${list.body.items.length} questions ready`);
    expect(await page.getByRole('link', { name: 'Edit Questions' }).getAttribute('href')).toBe(`/edit-questions/${videoId}`);
    await screenshot(page, 'create-edit-questions-1280', true);

    // Create Another Video starts over (the settings stay).
    await tab('Share').click();
    await page.getByRole('button', { name: 'Create Another Video' }).click();
    await page.waitForURL(url('/create'));
    expect(await tab('YouTube').getAttribute('aria-selected')).toBe('true');
    expect(await tab('Share').isDisabled()).toBe(true);
    await page.getByText('No video selected yet').waitFor();
  });

  it('looks finished at 390 px: the YouTube and Interactions steps', async () => {
    const token = await signUpViaApi(suite.stack.baseUrl, newAccount());
    const page = await signedInPage(suite.browser, suite.stack.baseUrl, token, 390, 844);
    try {
      await openWizard(page);
      await page.getByLabel('YouTube link', { exact: true }).fill('https://youtu.be/dQw4w9WgXcQ');
      await page.getByRole('button', { name: 'Use Video' }).click();
      await page.getByTestId('details-note').waitFor();
      await screenshot(page, 'create-youtube-390', true);
      // Nothing may stick out sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await tab('Interactions', page).click();
      await page.getByRole('button', { name: 'Generate Interactive Video' }).waitFor();
      await screenshot(page, 'create-interactions-390', true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await page.context().close();
    }
  });

  it('checks the content and the session before generating', async () => {
    // No session, or a rejected one: to sign-in, with the stored token cleared.
    await suite.page.goto(url('/create'));
    await suite.page.waitForURL(url('/auth/signin'));
    await suite.page.evaluate(() => localStorage.setItem('authToken', 'not-a-valid-token'));
    await suite.page.goto(url('/create'));
    await suite.page.waitForURL(url('/auth/signin'));
    expect(await suite.page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

    await account();
    const { page } = suite;
    await openWizard();
    await tab('Interactions').click();
    const generate = page.getByRole('button', { name: 'Generate Interactive Video' });
    await generate.click();
    await toast('Missing Content', 'Please add a video or transcript content first').waitFor();

    await tab('Transcript').click();
    await page.getByLabel('Transcript', { exact: true }).fill('Only a few words.');
    await page.getByText('questions need more than 50', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Continue to Settings' }).click();
    await generate.click();
    await toast('Add Transcript First').waitFor();

    for (const label of ['Single choice', 'Multiple choice', 'True or false']) await page.getByRole('checkbox', { name: label }).click();
    await page.getByRole('alert').filter({ hasText: 'Select at least one question type' }).waitFor();
    await generate.click();
    await toast('Select at least one question type').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('uploads a video with progress, refuses a file that is not a video, and generates for the upload', async () => {
    const token = await account();
    const { page } = suite;
    await openWizard();

    // A file named .mp4 that is not a video: the server's message is shown as it is.
    await page.getByLabel('Video file').setInputFiles({ name: 'notes.mp4', mimeType: 'video/mp4', buffer: Buffer.from('These are lecture notes, not a video.') });
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('notes');
    await page.getByRole('button', { name: 'Upload Video' }).click();
    await page.getByRole('alert').filter({ hasText: 'Only MP4, WebM and MOV videos can be uploaded.' }).waitFor();

    // A real WebM file.
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const webm = readFileSync(join(__dirname, '..', 'fixtures', 'lesson.webm'));
    await page.getByLabel('Video file').setInputFiles({ name: 'Water cycle lesson.webm', mimeType: 'video/webm', buffer: webm });
    await page.getByLabel('Title', { exact: true }).fill('Water cycle lesson');
    const uploaded = page.waitForResponse((res) => res.url().endsWith('/api/videos/upload'));
    await page.getByRole('button', { name: 'Upload Video' }).click();
    expect((await uploaded).status()).toBe(201);
    await toast('Video Added').waitFor();
    expect(await page.getByTestId('selected-video-title').textContent()).toBe('Water cycle lesson');
    await page.getByText('Uploaded video').waitFor();

    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByLabel('Transcript', { exact: true }).fill(TRANSCRIPT);
    await page.getByRole('button', { name: 'Continue to Settings' }).click();
    const sent = page.waitForRequest((req) => req.url().endsWith('/api/youtube/transcript-paste'));
    await page.getByRole('button', { name: 'Generate Interactive Video' }).click();
    const body = JSON.parse((await sent).postData() ?? '{}');
    expect(typeof body.videoId).toBe('number');
    expect(body.youtubeUrl).toBeUndefined();
    await page.waitForURL(url(`/edit-questions/${body.videoId}`), { timeout: 60_000 });
    const list = await api<{ items: unknown[] }>(token, `/api/videos/${body.videoId}/interactions`);
    expect(list.body.items.length).toBeGreaterThan(0);

    // The wizard captured a frame of the file in the browser and sent it with the upload (issue 15):
    // the player's <video> shows it, and it is a real 320×180 image (the fixture's size, under 640 px).
    expect((await uploaded).request().postDataBuffer()?.includes('name="poster"')).toBe(true);
    await page.goto(url(`/play/${body.videoId}`));
    const element = page.getByTestId('player').locator('video');
    await element.waitFor();
    expect(await element.getAttribute('poster')).toMatch(new RegExp(`^/api/media/${body.videoId}/poster\\?access=`));
    expect(await posterSize(element)).toEqual([320, 180]);
  });
});

/** Waits until the element is wholly inside the viewport and has the focus (an error brought into view). */
async function waitInViewAndFocused(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel);
      if (!el) return false;
      const box = el.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight && document.activeElement === el;
    },
    selector,
    { timeout: 10_000 },
  );
}

describe('create wizard in the browser: plan limit and errors', () => {
  const suite = useBrowserSuite({ name: 'web_create_limits' });
  const { url } = suite;

  it('says at once when the trial lesson is used, and brings the error after Upload into view at 390 px', async () => {
    const token = await signUpViaApi(suite.stack.baseUrl, newAccount());
    const added = await fetch(url('/api/videos'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ youtubeUrl: VIDEO_URL, title: 'Added from the dashboard' }),
    });
    expect(added.status).toBe(201);

    const page = await signedInPage(suite.browser, suite.stack.baseUrl, token, 390, 844);
    try {
      await page.goto(url('/create'));
      // Refused when the wizard opens, before anything is pasted: the reason, the plan counter, the way out.
      const notice = page.getByTestId('plan-limit-notice');
      await notice.getByText('Free Trial plan includes 1 interactive video and you have 1', { exact: false }).waitFor();
      expect(await notice.getByRole('link', { name: 'See plans and upgrade' }).getAttribute('href')).toBe('/subscribe');
      await notice.getByRole('link', { name: /Generate questions for the video already in your library/ }).waitFor();
      expect(await page.getByTestId('plan-usage-label').textContent()).toBe('1 of 1 lessons used');
      const box = await notice.boundingBox();
      expect(box && box.y + box.height).toBeLessThanOrEqual(844);
      await screenshot(page, 'create-plan-limit-390');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // An upload is refused (402, the plan is full): the message below the fold is scrolled to and focused.
      const { readFileSync } = await import('node:fs');
      const webm = readFileSync(join(__dirname, '..', 'fixtures', 'lesson.webm'));
      await page.getByLabel('Video file').setInputFiles({ name: 'Water cycle lesson.webm', mimeType: 'video/webm', buffer: webm });
      await page.evaluate(() => window.scrollTo(0, 0));
      const refused = page.waitForResponse((res) => res.url().endsWith('/api/videos/upload'));
      await page.getByRole('button', { name: 'Upload Video' }).click();
      expect((await refused).status()).toBe(402);
      await page.getByTestId('upload-error').getByText('Free Trial plan includes 1 interactive video', { exact: false }).waitFor();
      await waitInViewAndFocused(page, '[data-testid="upload-error"]');
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(SCREENSHOT_DIR, 'create-upload-error-390.png'), animations: 'disabled' });
    } finally {
      await page.context().close();
    }
  });
});

describe('create wizard in the browser (YouTube search)', () => {
  let stub: YouTubeStub;
  const options: StackOptions = { name: 'web_create_search', env: {} };

  beforeAll(async () => {
    stub = await startYouTubeStub();
    options.env = { YOUTUBE_API_KEY: stub.key, YOUTUBE_API_URL: stub.url };
  });

  afterAll(async () => {
    await stub?.close();
  });

  const suite = useBrowserSuite(options);

  it('finds videos, pages through them, and looks up a pasted link', async () => {
    const token = await signUpViaApi(suite.stack.baseUrl, newAccount());
    const page = await signedInPage(suite.browser, suite.stack.baseUrl, token, 1280, 800);
    try {
      await page.goto(suite.url('/create'));
      // The last topic comes back after a reload.
      await page.getByLabel('Search topic').fill('ocean water cycle');
      await page.getByRole('button', { name: 'Find Videos' }).click();
      const position = page.getByTestId('result-position');
      await position.waitFor();
      const total = Number((await position.textContent())?.match(/of (\d+)/)?.[1]);
      expect(total).toBeGreaterThan(1);
      expect(await position.textContent()).toBe(`1 of ${total}`);
      const first = await page.getByTestId('selected-video-title').textContent();
      await page.getByRole('button', { name: 'Next result' }).click();
      expect(await position.textContent()).toBe(`2 of ${total}`);
      expect(await page.getByTestId('selected-video-title').textContent()).not.toBe(first);
      await page.getByRole('button', { name: 'Previous result' }).click();
      expect(await page.getByTestId('selected-video-title').textContent()).toBe(first);
      await page.getByText(/^[\d,]+ views$/).waitFor();
      await screenshot(page, 'create-search-1280', true);

      await page.reload();
      expect(await page.getByLabel('Search topic').inputValue()).toBe('ocean water cycle');

      // A pasted link gets YouTube's details.
      await page.getByLabel('YouTube link', { exact: true }).fill('https://youtu.be/stubVid0013');
      await page.getByRole('button', { name: 'Use Video' }).click();
      await page.getByTestId('selected-video-title').getByText("Newton's Laws of Motion").waitFor();
      await page.getByText('1,250,000 views').waitFor();
      await page.getByText('13:27').first().waitFor();
      expect(await page.getByTestId('details-note').count()).toBe(0);

      const mobile = await signedInPage(suite.browser, suite.stack.baseUrl, token, 390, 844);
      try {
        await mobile.goto(suite.url('/create'));
        await mobile.getByLabel('Search topic').fill('ocean water cycle');
        await mobile.getByRole('button', { name: 'Find Videos' }).click();
        await mobile.getByTestId('result-position').waitFor();
        await screenshot(mobile, 'create-search-390', true);
        expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      } finally {
        await mobile.context().close();
      }
    } finally {
      await page.context().close();
    }
  });
});
