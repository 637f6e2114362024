import { join } from 'node:path';
import type { Dialog, Locator, Page } from 'playwright-core';
import { SCREENSHOT_DIR, newAccount, screenshot, signUpViaApi, useBrowserSuite, stackSql } from './support';

const VIDEO_URL = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const UNSAVED = 'You have unsaved changes. Continue without saving?';
const FEEDBACK = { correct: 'Right: well remembered.', incorrect: 'Not this time; review the chapter.' };

type Json = Record<string, unknown>;
interface Interaction {
  id: number;
  type: string;
  question: string;
  options: unknown;
  correctAnswer: unknown;
  timestamp: number;
  topicTitle: string;
  topicStartTime: number;
  feedback: { correct: string; incorrect: string; explanation?: string };
}

/** One question of each type, at 30 s steps, as a creator (or the generator) would send them. */
const QUESTIONS: Json[] = [
  { type: 'single_choice', question: 'Which planet is the largest?', options: ['Mars', 'Jupiter'], correctAnswer: 1 },
  { type: 'multiple_choice', question: 'Which gases are in air?', options: ['Oxygen', 'Gold', 'Nitrogen'], correctAnswer: [0, 2] },
  { type: 'true_false', question: 'The Moon makes its own light.', options: ['True', 'False'], correctAnswer: false },
  { type: 'scenario', question: 'What do you do first?', scenario: 'A colleague collapses at work.', options: ['Call for help', 'Keep working'], correctAnswer: 0 },
  { type: 'matching', question: 'Match animal and sound.', options: { left: ['Cat', 'Dog'], right: ['Woof', 'Meow'] }, correctAnswer: [1, 0] },
  { type: 'ordering', question: 'Put the baking steps in order.', options: ['Bake', 'Mix', 'Serve'], correctAnswer: [1, 0, 2] },
  { type: 'sorting_groups', question: 'Fruit or vegetable?', options: { groups: ['Fruit', 'Vegetable'], items: ['Apple', 'Carrot'] }, correctAnswer: [0, 1] },
  { type: 'fill_gaps', question: 'Complete the sentence.', options: { text: 'Plants need {{1}} to grow.' }, correctAnswer: [['light']] },
  { type: 'drag_drop', question: 'Where are these organs?', options: { items: ['Lungs', 'Brain'], targets: ['Chest', 'Head'] }, correctAnswer: [0, 1] },
  { type: 'priority_ranking', question: 'Rank by urgency.', options: ['Email', 'Fire alarm'], correctAnswer: [1, 0] },
].map((q, i) => ({ ...q, timestamp: 30 * (i + 1), topicTitle: `Topic ${i + 1}`, topicStartTime: 30 * i, feedback: FEEDBACK }));

describe('question editor in the browser', () => {
  const suite = useBrowserSuite({ name: 'web_editor' });
  const { url, toast } = suite;

  async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(url(path), {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  const sql = (text: string, values: unknown[]) => stackSql(suite.stack, text, values);

  /** A fresh trial account with one video (600 s long) holding `questions`; the page is signed in. */
  async function videoWith(questions: Json[], duration: number | null = 600) {
    const token = await signUpViaApi(suite.stack.baseUrl, newAccount());
    const video = await api<{ id: number }>(token, 'POST', '/api/videos', { youtubeUrl: VIDEO_URL, title: 'Photosynthesis basics' });
    expect(video.status).toBe(201);
    const id = video.body.id;
    if (duration !== null) await sql('UPDATE library.videos SET duration = $1 WHERE id = $2', [duration, id]);
    for (const q of questions) expect((await api(token, 'POST', `/api/videos/${id}/interactions`, q)).status).toBe(201);
    await signInPage(suite.page, token);
    return { id, token };
  }

  async function signInPage(page: Page, token: string) {
    await page.goto(url('/terms'));
    await page.evaluate((t) => localStorage.setItem('authToken', t), token);
  }

  async function stored(token: string, videoId: number): Promise<Interaction[]> {
    const list = await api<{ view: string; items: Interaction[] }>(token, 'GET', `/api/videos/${videoId}/interactions`);
    expect(list.body.view).toBe('owner');
    return list.body.items;
  }

  const byType = (items: Interaction[], type: string) => items.find((q) => q.type === type)!;
  const item = (text: string) => suite.page.getByTestId('question-item').filter({ hasText: text }).getByRole('button').first();
  const unsavedBadge = () => suite.page.getByText('Unsaved Changes', { exact: true });

  async function open(id: number) {
    await suite.page.goto(url(`/edit-questions/${id}`));
    await suite.page.getByRole('heading', { name: 'Photosynthesis basics' }).waitFor();
  }

  async function selectOption(label: string, option: string) {
    await suite.page.getByRole('combobox', { name: label }).click();
    await suite.page.getByRole('option', { name: option, exact: true }).click();
  }

  async function saveQuestion() {
    await suite.page.getByRole('button', { name: 'Save Question' }).click();
    await toast('Question Updated').waitFor();
    await unsavedBadge().waitFor({ state: 'detached' });
  }

  it('opens every type with its own answer inputs and saves edits of six types to the server', async () => {
    const { id, token } = await videoWith(QUESTIONS);
    await open(id);
    await suite.page.getByRole('heading', { name: 'Questions (10)' }).waitFor();
    await suite.page.getByRole('heading', { name: 'Select a Question' }).waitFor();
    await tallScreenshot(suite.page, 'editor-no-selection-1280');

    // Every type opens with the inputs its answer shape needs.
    const expectations: Array<[string, () => Promise<unknown>]> = [
      ['Which planet', () => suite.page.getByRole('radio', { name: 'Option 2 is correct' }).isChecked()],
      ['Which gases', () => suite.page.getByRole('checkbox', { name: 'Option 3 is correct' }).isChecked()],
      ['The Moon', () => suite.page.getByRole('radio', { name: 'False' }).isChecked()],
      ['What do you do first', () => suite.page.getByLabel('Scenario', { exact: true }).inputValue()],
      ['Match animal', () => suite.page.getByLabel('Right 1').inputValue()],
      ['baking steps', () => suite.page.getByLabel('Step 1', { exact: true }).inputValue()],
      ['Fruit or vegetable', () => suite.page.getByRole('combobox', { name: 'Group of item 2' }).textContent()],
      ['Complete the sentence', () => suite.page.getByLabel('Gap 1 answer', { exact: true }).inputValue()],
      ['Where are these organs', () => suite.page.getByRole('combobox', { name: 'Target of item 2' }).textContent()],
      ['Rank by urgency', () => suite.page.getByLabel('Item 1', { exact: true }).inputValue()],
    ];
    const seen: unknown[] = [];
    for (const [text, read] of expectations) {
      await item(text).click();
      await showing(suite.page, text);
      seen.push(await read());
    }
    expect(seen).toEqual([true, true, true, 'A colleague collapses at work.', 'Meow', 'Mix', 'Vegetable', 'light', 'Head', 'Fire alarm']);

    // single_choice: a third option, marked right, and new text.
    await item('Which planet').click();
    await suite.page.getByLabel('Question text').fill('Which planet is the largest in our solar system?');
    await unsavedBadge().waitFor();
    await suite.page.getByRole('button', { name: 'Save Changes' }).waitFor();
    await suite.page.getByRole('button', { name: 'Add option' }).click();
    await suite.page.getByLabel('Option 3', { exact: true }).fill('Saturn');
    await suite.page.getByRole('radio', { name: 'Option 3 is correct' }).check();
    await saveQuestion();
    expect(await suite.page.getByRole('button', { name: 'Save Changes' }).count()).toBe(0);
    let single = byType(await stored(token, id), 'single_choice');
    expect(single).toMatchObject({ question: 'Which planet is the largest in our solar system?', options: ['Mars', 'Jupiter', 'Saturn'], correctAnswer: 2 });
    // Removing is offered only above two options.
    await suite.page.getByRole('button', { name: 'Remove Option 3' }).click();
    expect(await suite.page.getByRole('button', { name: 'Remove Option 1' }).isDisabled()).toBe(true);
    expect(await suite.page.getByRole('radio', { name: 'Option 1 is correct' }).isChecked()).toBe(true);
    await saveQuestion();
    single = byType(await stored(token, id), 'single_choice');
    expect(single).toMatchObject({ options: ['Mars', 'Jupiter'], correctAnswer: 0 });

    // multiple_choice: checkboxes, saved from the header's Save Changes.
    await item('Which gases').click();
    await suite.page.getByRole('checkbox', { name: 'Option 1 is correct' }).click();
    await suite.page.getByRole('checkbox', { name: 'Option 2 is correct' }).click();
    await suite.page.getByLabel('Option 2', { exact: true }).fill('Argon');
    await suite.page.getByRole('button', { name: 'Save Changes' }).click();
    await toast('Question Updated').waitFor();
    expect(byType(await stored(token, id), 'multiple_choice')).toMatchObject({ options: ['Oxygen', 'Argon', 'Nitrogen'], correctAnswer: [1, 2] });

    // ordering: reorder with the arrows (keyboard), stored scrambled with the permutation as the answer.
    await item('baking steps').click();
    await suite.page.getByRole('button', { name: 'Move Step 3 up' }).click();
    // Focus follows the moved step, so the keyboard moves it up once more.
    await suite.page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Move Step 2 up');
    await suite.page.keyboard.press('Enter');
    expect(await suite.page.getByLabel('Step 1', { exact: true }).inputValue()).toBe('Serve');
    await tallScreenshot(suite.page, 'editor-ordering-1280');
    await saveQuestion();
    const ordering = byType(await stored(token, id), 'ordering');
    const order = (ordering.correctAnswer as number[]).map((i) => (ordering.options as string[])[i]);
    expect(order).toEqual(['Serve', 'Mix', 'Bake']);
    expect(ordering.options).not.toEqual(order);

    // fill_gaps: a second gap from selected words, an alternative answer.
    await item('Complete the sentence').click();
    const text = suite.page.getByLabel('Text with gaps');
    await text.fill('Plants need {{1}} and water to grow.');
    await text.evaluate((el: HTMLTextAreaElement) => {
      const start = el.value.indexOf('water');
      el.focus();
      el.setSelectionRange(start, start + 'water'.length);
    });
    await suite.page.getByRole('button', { name: 'Insert gap' }).click();
    expect(await text.inputValue()).toBe('Plants need {{1}} and {{2}} to grow.');
    expect(await suite.page.getByLabel('Gap 2 answer', { exact: true }).inputValue()).toBe('water');
    await suite.page.getByRole('button', { name: 'Add another accepted answer for gap 1' }).click();
    await suite.page.getByLabel('Gap 1 alternative 1', { exact: true }).fill('sunlight');
    await tallScreenshot(suite.page, 'editor-fill-gaps-1280');
    await saveQuestion();
    expect(byType(await stored(token, id), 'fill_gaps')).toMatchObject({
      options: { text: 'Plants need {{1}} and {{2}} to grow.' },
      correctAnswer: [['light', 'sunlight'], ['water']],
    });

    // matching: pairs on screen, right column stored in another order with the permutation.
    await item('Match animal').click();
    await suite.page.getByRole('button', { name: 'Add pair' }).click();
    await suite.page.getByLabel('Left 3').fill('Cow');
    await suite.page.getByLabel('Right 3').fill('Moo');
    await suite.page.getByLabel('Right 2').fill('Bark');
    await tallScreenshot(suite.page, 'editor-matching-1280');
    await saveQuestion();
    const matching = byType(await stored(token, id), 'matching');
    const { left, right } = matching.options as { left: string[]; right: string[] };
    expect(left).toEqual(['Cat', 'Dog', 'Cow']);
    expect(left.map((_, i) => right[(matching.correctAnswer as number[])[i]])).toEqual(['Meow', 'Bark', 'Moo']);
    expect(matching.correctAnswer).not.toEqual([0, 1, 2]);

    // sorting_groups: a third group and items moved between groups with the selects.
    await item('Fruit or vegetable').click();
    await suite.page.getByRole('button', { name: 'Add group' }).click();
    await suite.page.getByLabel('Group 3', { exact: true }).fill('Nut');
    await suite.page.getByRole('button', { name: 'Add item' }).click();
    await suite.page.getByLabel('Item 3', { exact: true }).fill('Walnut');
    await selectOption('Group of item 3', 'Nut');
    await selectOption('Group of item 1', 'Vegetable');
    await tallScreenshot(suite.page, 'editor-sorting-1280');
    await saveQuestion();
    expect(byType(await stored(token, id), 'sorting_groups')).toMatchObject({
      options: { groups: ['Fruit', 'Vegetable', 'Nut'], items: ['Apple', 'Carrot', 'Walnut'] },
      correctAnswer: [1, 1, 2],
    });

    // Timing and feedback fields of the last one.
    await suite.page.getByLabel('Timeline position (seconds)').fill('205.5');
    await suite.page.getByLabel('Topic title').fill('Food groups');
    await suite.page.getByLabel('Correct-answer message', { exact: true }).fill('Yes, sorted.');
    await suite.page.getByLabel('Simple explanation (optional)').fill('');
    await saveQuestion();
    const sorting = byType(await stored(token, id), 'sorting_groups');
    expect(sorting).toMatchObject({ timestamp: 205.5, topicTitle: 'Food groups', feedback: { correct: 'Yes, sorted.', incorrect: FEEDBACK.incorrect } });
    expect(sorting.feedback.explanation).toBeUndefined();
  });

  it('tracks unsaved changes: confirmation on leaving, Cancel, client and server validation', async () => {
    const { id, token } = await videoWith(QUESTIONS.slice(0, 3));
    await open(id);
    const dialogs: string[] = [];
    let accept = false;
    suite.page.on('dialog', (dialog: Dialog) => {
      dialogs.push(`${dialog.type()}:${dialog.message()}`);
      void (accept ? dialog.accept() : dialog.dismiss());
    });

    // No prompt without changes.
    await item('Which planet').click();
    await item('Which gases').click();
    expect(dialogs).toEqual([]);

    await suite.page.getByLabel('Question text').fill('Changed but not saved');
    await unsavedBadge().waitFor();
    // Another question: refused → the edit stays.
    await item('The Moon').click();
    expect(dialogs).toEqual([`confirm:${UNSAVED}`]);
    expect(await suite.page.getByLabel('Question text').inputValue()).toBe('Changed but not saved');
    // The dashboard link and Preview: refused → still here.
    await suite.page.getByRole('link', { name: 'Dashboard' }).click();
    await suite.page.getByRole('link', { name: 'Preview' }).click();
    expect(dialogs).toHaveLength(3);
    expect(suite.page.url()).toBe(url(`/edit-questions/${id}`));

    // Cancel drops the changes and the selection.
    await suite.page.getByRole('button', { name: 'Cancel' }).click();
    await suite.page.getByRole('heading', { name: 'Select a Question' }).waitFor();
    expect(await unsavedBadge().count()).toBe(0);
    expect(byType(await stored(token, id), 'multiple_choice').question).toBe('Which gases are in air?');

    // Client validation: messages in the form, nothing sent.
    await item('Which planet').click();
    await suite.page.getByLabel('Question text').fill('   ');
    await suite.page.getByLabel('Option 2', { exact: true }).fill('');
    const timeline = suite.page.getByLabel('Timeline position (seconds)');
    await timeline.fill('abc');
    await timeline.blur();
    expect(await timeline.inputValue()).toBe('0');
    await timeline.fill('99999');
    await timeline.blur();
    expect(await timeline.inputValue()).toBe('600');
    await suite.page.getByRole('button', { name: 'Save Question' }).click();
    const alert = suite.page.getByRole('alert').filter({ hasText: 'before saving' });
    await alert.getByText('The question text must not be empty').waitFor();
    await alert.getByText('Option 2 must not be empty').waitFor();
    await tallScreenshot(suite.page, 'editor-invalid-1280');
    expect(byType(await stored(token, id), 'single_choice')).toMatchObject({ question: 'Which planet is the largest?', timestamp: 30 });
    await unsavedBadge().waitFor();

    // The server's refusal is shown too: the video got shorter since the page loaded.
    await suite.page.getByLabel('Question text').fill('Which planet is the largest?');
    await suite.page.getByLabel('Option 2', { exact: true }).fill('Jupiter');
    await timeline.fill('500');
    await sql('UPDATE library.videos SET duration = 120 WHERE id = $1', [id]);
    await suite.page.getByRole('button', { name: 'Save Question' }).click();
    await toast('Update Failed', 'timestamp must not be after the end of the video (120 s)').waitFor();
    await alert.getByText('timestamp must not be after the end of the video (120 s)').waitFor();
    expect(byType(await stored(token, id), 'single_choice').timestamp).toBe(30);

    // Leaving after agreeing to drop the changes.
    accept = true;
    await suite.page.getByRole('link', { name: 'Dashboard' }).click();
    await suite.page.waitForURL(url('/user-dashboard'));
    expect(dialogs).toHaveLength(4);
  });

  it('edits the lesson title in the header (saved to the video), and brings a refused Save into view at 390 px', async () => {
    const { id, token } = await videoWith(QUESTIONS.slice(0, 3));
    await open(id);
    await suite.page.getByRole('button', { name: 'Edit title' }).click();
    const input = suite.page.getByRole('textbox', { name: 'Lesson title' });
    expect(await input.inputValue()).toBe('Photosynthesis basics');
    await input.fill('   ');
    await suite.page.getByRole('button', { name: 'Save title' }).click();
    await suite.page.getByRole('alert').filter({ hasText: 'The title cannot be empty' }).waitFor();
    await screenshot(suite.page, 'editor-title-invalid-1280');
    await input.fill('Photosynthesis for beginners');
    await input.press('Enter');
    await toast('Title updated').waitFor();
    await suite.page.getByRole('heading', { name: 'Photosynthesis for beginners' }).waitFor();
    expect((await api<{ title: string }>(token, 'GET', `/api/videos/${id}`)).body.title).toBe('Photosynthesis for beginners');
    await suite.page.reload();
    await suite.page.getByRole('heading', { name: 'Photosynthesis for beginners' }).waitFor();

    const mobile = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await mobile.newPage();
      await signInPage(page, token);
      await page.goto(url(`/edit-questions/${id}`));
      await page.getByRole('heading', { name: 'Photosynthesis for beginners' }).waitFor();
      await page.getByTestId('question-item').filter({ hasText: 'Which planet' }).getByRole('button').first().click();
      await page.getByLabel('Question text').fill('   ');
      // Save Changes sits in the header, far above the form's message on a phone.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.waitForFunction(
        () => {
          const el = document.querySelector('[data-testid="save-errors"]');
          if (!el) return false;
          const box = el.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight && document.activeElement === el;
        },
        undefined,
        { timeout: 10_000 },
      );
      await page.getByRole('alert').filter({ hasText: 'The question text must not be empty' }).waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(SCREENSHOT_DIR, 'editor-save-error-390.png'), animations: 'disabled' });
    } finally {
      await mobile.close();
    }
  });

  it("asks before the browser's Back or Forward buttons drop unsaved changes", async () => {
    const { id } = await videoWith(QUESTIONS.slice(0, 1));
    await open(id);
    // An in-app history entry after the editor: Preview, then Back to the editor.
    await suite.page.getByRole('link', { name: 'Preview' }).click();
    await suite.page.waitForURL(url(`/player/${id}`));
    await suite.page.goBack();
    await suite.page.waitForURL(url(`/edit-questions/${id}`));
    await item('Which planet').click();
    await suite.page.getByLabel('Question text').fill('Unsaved on Forward');
    await unsavedBadge().waitFor();
    const asked: string[] = [];
    let accept = false;
    const onDialog = (dialog: Dialog) => {
      asked.push(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    };
    suite.page.on('dialog', onDialog);
    try {
      await suite.page.goForward();
      for (let waited = 0; asked.length === 0 && waited < 5000; waited += 50) await suite.page.waitForTimeout(50);
      expect(asked).toHaveLength(1);
      expect(asked[0]).toBe(UNSAVED);
      await suite.page.waitForURL(url(`/edit-questions/${id}`));
      expect(await suite.page.getByLabel('Question text').inputValue()).toBe('Unsaved on Forward');
      accept = true;
      await suite.page.waitForTimeout(300); // the router restores the history entry after a refusal
      await suite.page.goForward();
      // The address changes at once on Back/Forward; the router asks, then stays or goes.
      for (let waited = 0; asked.length < 2 && waited < 5000; waited += 50) await suite.page.waitForTimeout(50);
      expect(asked).toHaveLength(2);
      await suite.page.waitForURL(url(`/player/${id}`));
      await suite.page.getByRole('heading', { name: 'Select a Question' }).waitFor({ state: 'detached' });
    } finally {
      suite.page.off('dialog', onDialog);
    }
  });

  it('asks the browser before closing a tab with unsaved changes', async () => {
    const { id } = await videoWith(QUESTIONS.slice(0, 1));
    await open(id);
    await item('Which planet').click();
    await suite.page.getByLabel('Question text').fill('Unsaved');
    await unsavedBadge().waitFor();
    const prompted = new Promise<string>((resolve) => suite.page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type()))));
    await suite.page.close({ runBeforeUnload: true });
    expect(await prompted).toBe('beforeunload');
    // Dismissed: the tab stays open with its edit; close it for good without asking again.
    expect(suite.page.isClosed()).toBe(false);
    expect(await suite.page.getByLabel('Question text').inputValue()).toBe('Unsaved');
    await suite.page.close();
  });

  it('adds a question, changes its type, and deletes one with confirmation', async () => {
    const { id, token } = await videoWith(QUESTIONS.slice(0, 2));
    await open(id);
    await suite.page.getByRole('heading', { name: 'Questions (2)' }).waitFor();

    await suite.page.getByRole('button', { name: 'Add Question' }).click();
    await toast('Question added').waitFor();
    await suite.page.getByRole('heading', { name: 'Questions (3)' }).waitFor();
    expect(await suite.page.getByLabel('Question text').inputValue()).toBe('New question');
    expect(await suite.page.getByLabel('Timeline position (seconds)').inputValue()).toBe('90');
    let items = await stored(token, id);
    expect(items).toHaveLength(3);
    const added = items[2];
    expect(added).toMatchObject({ type: 'single_choice', timestamp: 90, topicTitle: 'Topic 2' });

    // A new type converts the answer to a valid shape of that type.
    await selectOption('Question type', 'Ordering');
    expect(await suite.page.getByLabel('Step 1', { exact: true }).inputValue()).toBe('Option 1');
    await selectOption('Question type', 'True or false');
    await suite.page.getByRole('radio', { name: 'True' }).waitFor();
    await suite.page.getByLabel('Question text').fill('Water boils at 100 °C at sea level.');
    await saveQuestion();
    items = await stored(token, id);
    expect(items.find((q) => q.id === added.id)).toMatchObject({ type: 'true_false', correctAnswer: true, question: 'Water boils at 100 °C at sea level.' });
    await suite.page.getByTestId('question-item').filter({ hasText: 'True or false' }).waitFor();

    // Delete: Cancel keeps it, Delete Question removes it and the selection.
    await suite.page.getByRole('button', { name: 'Delete question 3' }).click();
    const confirm = suite.page.getByRole('dialog', { name: 'Delete this question?' });
    await confirm.getByText('Water boils at 100 °C', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await suite.page.getByRole('heading', { name: 'Questions (3)' }).waitFor();
    await suite.page.getByRole('button', { name: 'Delete question 3' }).click();
    await confirm.getByRole('button', { name: 'Delete Question' }).click();
    await toast('Question deleted').waitFor();
    await suite.page.getByRole('heading', { name: 'Questions (2)' }).waitFor();
    await suite.page.getByRole('heading', { name: 'Select a Question' }).waitFor();
    expect((await stored(token, id)).map((q) => q.id)).not.toContain(added.id);
  });

  it('shows the empty, missing-video and signed-out states, and a finished layout at 390 px', async () => {
    const { id, token } = await videoWith([], null);
    await open(id);
    await suite.page.getByRole('heading', { name: 'Questions (0)' }).waitFor();
    await suite.page.getByText('No questions found for this video.').waitFor();
    await tallScreenshot(suite.page, 'editor-empty-1280');

    await suite.page.goto(url('/edit-questions/987654'));
    await suite.page.getByText('No Video Available').waitFor();
    await suite.page.getByText('Please generate a video first').waitFor();
    expect(await suite.page.getByRole('link', { name: 'Create a video' }).getAttribute('href')).toBe('/create');
    expect(await suite.page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/user-dashboard');

    // A rejected token is cleared and the visitor signs in.
    await suite.page.evaluate(() => localStorage.setItem('authToken', 'not-a-valid-token'));
    await suite.page.goto(url(`/edit-questions/${id}`));
    await suite.page.waitForURL(url('/auth/signin'));
    expect(await suite.page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

    // 390 px: the list above the editor.
    for (const q of QUESTIONS) expect((await api(token, 'POST', `/api/videos/${id}/interactions`, q)).status).toBe(201);
    const mobile = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await mobile.newPage();
    await signInPage(page, token);
    await page.goto(url(`/edit-questions/${id}`));
    await page.getByRole('heading', { name: 'Questions (10)' }).waitFor();
    await tallScreenshot(page, 'editor-list-390');
    for (const [text, name] of [
      ['Which planet', 'single'],
      ['Fruit or vegetable', 'sorting'],
      ['Complete the sentence', 'fill-gaps'],
      ['Match animal', 'matching'],
    ] as const) {
      await page.getByTestId('question-item').filter({ hasText: text }).getByRole('button').first().click();
      await showing(page, text);
      const listBox = await page.getByRole('heading', { name: 'Questions (10)' }).boundingBox();
      const editorBox = await page.getByLabel('Question text').boundingBox();
      expect(editorBox!.y).toBeGreaterThan(listBox!.y);
      await tallScreenshot(page, `editor-${name}-390`, page.locator('main > div').last());
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await mobile.close();
  });

  it('saves the player settings of the video', async () => {
    const { id, token } = await videoWith(QUESTIONS.slice(0, 1));
    await open(id);
    await selectOption('Skipping', 'No seeking');
    await toast('Player settings saved').waitFor();
    await suite.page.getByRole('checkbox', { name: 'Learners must answer correctly to continue' }).click();
    await suite.page.getByText('Player settings saved').first().waitFor();
    await expectEventually(async () => (await api<Json>(token, 'GET', `/api/videos/${id}`)).body, { skippingMode: 'no_seek', requireCorrect: true });
    await suite.page.reload();
    expect(await suite.page.getByRole('combobox', { name: 'Skipping' }).textContent()).toBe('No seeking');
    expect(await suite.page.getByRole('checkbox', { name: 'Learners must answer correctly to continue' }).getAttribute('aria-checked')).toBe('true');
  });
});

/**
 * A whole-page screenshot taken with a window as tall as the page, so sticky parts (the left column, the
 * form's Save bar) sit where they would on a tall screen instead of where the last scroll left them; toasts
 * are let go first. With `part`, only that element is saved.
 */
async function tallScreenshot(page: Page, name: string, part?: Locator): Promise<void> {
  const toasts = page.getByRole('region', { name: /Notifications/ }).locator('li');
  await until(async () => (await toasts.count()) === 0, 'the toasts to close');
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height });
  await page.evaluate(() => window.scrollTo(0, 0));
  if (part) await part.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
  else await screenshot(page, name, true);
  await page.setViewportSize(viewport);
}

/** Waits until the editor shows the question whose text contains `text`. */
async function showing(page: Page, text: string): Promise<void> {
  const field = page.getByLabel('Question text');
  await until(async () => (await field.count()) > 0 && (await field.inputValue()).includes(text), `the editor to show "${text}"`);
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function expectEventually(read: () => Promise<Json>, expected: Json): Promise<void> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await read();
    try {
      expect(value).toMatchObject(expected);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
