import { buildChapters, chapterTitles, titleCase } from './chapters';
import { parseTranscript, TranscriptSegment } from './parse-transcript';
import { STOP_WORDS } from './stop-words';
import { tokenize } from './tokenizer';

const PHOTOSYNTHESIS = `
Welcome back everyone. Today we are looking at photosynthesis, the process plants use to turn light into chemical energy.
Photosynthesis happens inside the chloroplast, a small green organelle found in leaf cells. The chloroplast contains stacks of membranes called thylakoids, surrounded by a fluid called the stroma.
The green colour comes from chlorophyll, a pigment that absorbs red and blue light and reflects green light. Chlorophyll molecules sit in the thylakoid membranes of the chloroplast.
So the overall equation is simple. Carbon dioxide plus water, using light energy, gives glucose and oxygen. Six carbon dioxide molecules and six water molecules make one glucose molecule and six oxygen molecules.

Now let's move on to the light dependent reactions. The light dependent reactions take place in the thylakoid membranes. When light hits chlorophyll in photosystem two, electrons are excited to a higher energy level.
These excited electrons pass along an electron transport chain. As the electrons move down the electron transport chain, they pump hydrogen ions across the thylakoid membrane.
Water molecules are split to replace the lost electrons, and this splitting of water releases oxygen as a by-product. The hydrogen ions flow back through ATP synthase, which makes ATP.
At photosystem one the electrons are excited again and finally reduce NADP to NADPH. So the light dependent reactions produce ATP, NADPH and oxygen.

Next, the Calvin cycle, which is also called the light independent reactions. The Calvin cycle takes place in the stroma of the chloroplast. It uses the ATP and NADPH from the light dependent reactions.
The enzyme rubisco fixes carbon dioxide by attaching it to a five carbon sugar called RuBP. This carbon fixation step produces an unstable six carbon compound that splits into two molecules of a three carbon compound.
ATP and NADPH then reduce these molecules to G3P, a three carbon sugar. Some G3P leaves the Calvin cycle to build glucose, and the rest regenerates RuBP so the Calvin cycle can turn again.
Rubisco is slow, which is why plants make so much of it. Rubisco is probably the most abundant protein on Earth.

Finally, what limits the rate of photosynthesis? There are three limiting factors: light intensity, carbon dioxide concentration and temperature.
At low light intensity, the rate of photosynthesis rises as light intensity rises. At some point another limiting factor, such as carbon dioxide concentration, takes over.
Temperature matters because the enzymes of the Calvin cycle, like rubisco, work faster when warm but denature when too hot. Farmers use greenhouses to control these limiting factors, raising carbon dioxide concentration and temperature to increase crop yield.
In summary, limiting factors explain why a greenhouse can grow tomatoes faster than a field in winter.
`;

const FRENCH_REVOLUTION = `
Today's lecture covers the French Revolution, one of the turning points of modern European history.
In the 1780s France faced a severe financial crisis. The monarchy had spent heavily on wars, including support for the American Revolution, and the royal debt kept growing.
The tax system was unfair. The clergy and the nobility paid almost no taxes, while the Third Estate, the commoners, carried the burden. Bad harvests made bread prices soar, and hunger spread in Paris.
King Louis the Sixteenth called the Estates General in 1789 to solve the financial crisis. The Estates General had not met since 1614.

At the Estates General, voting by order meant the clergy and the nobility could always outvote the Third Estate. The deputies of the Third Estate declared themselves the National Assembly.
Locked out of their meeting hall, they gathered on a tennis court and swore the Tennis Court Oath, promising not to separate until France had a constitution.
On the fourteenth of July 1789, crowds stormed the Bastille, a royal fortress and prison in Paris. The storming of the Bastille became the symbol of the revolution.
In August the National Assembly abolished feudal privileges and adopted the Declaration of the Rights of Man and of the Citizen, proclaiming liberty, equality and popular sovereignty.

Let's turn to the radical phase. By 1792 France was at war with Austria and Prussia, and the monarchy was abolished. France became a republic, and Louis the Sixteenth was executed by guillotine in January 1793.
The Jacobins, led by Maximilien Robespierre, dominated the Committee of Public Safety. They launched the Reign of Terror against suspected enemies of the revolution.
During the Reign of Terror, revolutionary tribunals sent thousands to the guillotine, including Queen Marie Antoinette. The Reign of Terror ended when Robespierre himself was arrested and executed in July 1794.

In conclusion, what was the legacy? After the Terror came the Directory, a weak government, and in 1799 Napoleon Bonaparte seized power in a coup.
Napoleon spread some revolutionary ideas across Europe through the Napoleonic Code, which established legal equality and property rights.
The legacy of the French Revolution includes the ideas of nationalism, citizenship and human rights, and the modern division between left and right in politics.
`;

const NEURAL_NETWORKS = `
0:00
Hi everyone, in this video we'll build an intuition for neural networks.
0:05
A neural network is made of artificial neurons arranged in layers.
0:11
Each artificial neuron takes inputs, multiplies each input by a weight, adds a bias, and passes the weighted sum through an activation function.
0:22
Common activation functions include the sigmoid, the hyperbolic tangent and the rectified linear unit, usually called ReLU.
0:33
The activation function adds non-linearity, which lets the network learn curved decision boundaries.
0:42
Without an activation function, stacking layers would collapse into a single linear function.
0:52
A network has an input layer, one or more hidden layers and an output layer.
1:01
The artificial neurons in each hidden layer combine features from the layer before.
1:10
Now let's talk about how the network makes a prediction, the forward pass.
1:16
In the forward pass, the input vector flows through each layer, multiplied by a weight matrix at every step.
1:27
The output layer produces the prediction, for example a probability for each class using the softmax function.
1:38
We compare the prediction with the true label using a loss function such as cross entropy loss.
1:48
The loss function measures how wrong the prediction is, so a lower loss means a better prediction.
1:58
The forward pass is just matrix multiplication followed by activation functions, layer after layer.
2:08
Next, how does the network learn? Training uses gradient descent.
2:14
Gradient descent nudges every weight a small step in the direction that reduces the loss.
2:23
The size of the step is the learning rate. A learning rate that is too large overshoots, and a learning rate that is too small makes training slow.
2:35
To compute the gradient for every weight we use backpropagation, which applies the chain rule from the output layer back to the input layer.
2:47
Backpropagation reuses intermediate results, so computing all the gradients costs about as much as one forward pass.
2:58
In practice we use stochastic gradient descent on small mini batches of training examples.
3:08
Finally, a warning about overfitting. Overfitting happens when the network memorises the training data instead of learning general patterns.
3:18
We detect overfitting with a validation set that the network never trains on.
3:26
Regularization techniques such as dropout and weight decay reduce overfitting.
3:35
Dropout randomly switches off neurons during training so the network cannot rely on any single neuron.
3:45
Early stopping ends training when the validation loss stops improving, another simple defence against overfitting.
3:55
That's the big picture of neural networks. Thanks for watching.
`;

function contentWordsOf(text: string): Set<string> {
  return new Set(tokenize(text).map((t) => t.raw.toLowerCase().replace(/['’]s$/, '')));
}

function checkChapters(segments: TranscriptSegment[], duration?: number) {
  const chapters = buildChapters(segments, { durationSeconds: duration });
  expect(chapters.length).toBeGreaterThanOrEqual(1);
  expect(chapters.length).toBeLessThanOrEqual(10);
  chapters.forEach((c, i) => {
    expect(c.index).toBe(i);
    expect(c.end).toBeGreaterThan(c.start);
    if (i > 0) expect(c.start).toBe(chapters[i - 1].end);
    expect(c.title.trim()).not.toBe('');
    expect(c.title.length).toBeLessThanOrEqual(60);
    const words = contentWordsOf(c.text);
    for (const w of tokenize(c.title)) {
      if (STOP_WORDS.has(w.raw.toLowerCase())) continue;
      expect(words).toContain(w.raw.toLowerCase());
    }
  });
  expect(chapters[0].start).toBe(segments[0].start);
  // every segment's text is in exactly one chapter, in order
  expect(chapters.map((c) => c.text).join(' ')).toBe(segments.map((s) => s.text).join(' '));
  return chapters;
}

describe('buildChapters', () => {
  it('splits a plain-text photosynthesis lecture into titled, contiguous topics', () => {
    const parsed = parseTranscript(PHOTOSYNTHESIS, { durationSeconds: 480 });
    const chapters = checkChapters(parsed.segments, 480);
    expect(chapters.length).toBeGreaterThanOrEqual(3);
    expect(chapters[chapters.length - 1].end).toBe(480);
    // the topic changes are found at the paragraph starts
    const startsOf = chapters.map((c) => c.text.slice(0, 40));
    expect(startsOf.some((s) => s.startsWith("Now let's move on"))).toBe(true);
    expect(startsOf.some((s) => s.startsWith('Finally, what limits'))).toBe(true);
    const titles = chapters.map((c) => c.title).join(' | ');
    expect(titles).toMatch(/Calvin Cycle|Rubisco|Carbon Compound/);
    expect(titles).toMatch(/Light Dependent Reactions|Electron/);
    expect(titles).toMatch(/Limiting Factors|Carbon Dioxide Concentration/);
  });

  it('titles French Revolution chapters from their own content', () => {
    const parsed = parseTranscript(FRENCH_REVOLUTION);
    expect(parsed.format).toBe('plain');
    const chapters = checkChapters(parsed.segments);
    const titles = chapters.map((c) => c.title).join(' | ');
    expect(titles).toMatch(/Reign of Terror|Robespierre|Guillotine/);
    expect(titles).toMatch(/Estates General|Financial Crisis|Third Estate/);
    expect(new Set(chapters.map((c) => c.title.toLowerCase())).size).toBe(chapters.length);
  });

  it('handles a YouTube transcript copy about neural networks', () => {
    const parsed = parseTranscript(NEURAL_NETWORKS);
    expect(parsed.format).toBe('youtube');
    const chapters = checkChapters(parsed.segments);
    expect(chapters.length).toBeGreaterThanOrEqual(3);
    const titles = chapters.map((c) => c.title).join(' | ');
    expect(titles).toMatch(/Overfitting|Dropout/);
    expect(titles).toMatch(/Gradient Descent|Learning Rate|Backpropagation/);
  });

  it('finds the subject changes when three lectures are played back to back', () => {
    const neuralPlain = NEURAL_NETWORKS.replace(/^\d+:\d+$/gm, '');
    const all = parseTranscript(`${PHOTOSYNTHESIS}\n\n${FRENCH_REVOLUTION}\n\n${neuralPlain}`);
    const chapters = checkChapters(all.segments);
    const firstOf = (text: string) => parseTranscript(text).segments[0].text;
    const starts = chapters.map((c) => all.segments.findIndex((s) => s.start === c.start));
    for (const lecture of [FRENCH_REVOLUTION, neuralPlain]) {
      const index = all.segments.findIndex((s) => s.text === firstOf(lecture));
      expect(starts.some((s) => Math.abs(s - index) <= 1)).toBe(true);
    }
    const three = buildChapters(all.segments, { maxChapters: 3 });
    expect(three.map((c) => c.title)).toEqual([expect.any(String), expect.any(String), expect.any(String)]);
    expect(three[1].text).toMatch(/Estates General/);
    expect(three[2].text).toMatch(/neural network/);
    expect(three[2].text).not.toMatch(/Bastille/);
  });

  it('keeps contractions and caption annotations out of titles', () => {
    const text = Array.from({ length: 12 }, () => "[Music] we'll see that you're gonna love mitochondria, don't you? Mitochondria make energy.").join(' ');
    const chapters = buildChapters(parseTranscript(text).segments);
    expect(chapters.map((c) => c.title).join(' ')).not.toMatch(/We'll|You're|Don't|Music/i);
    expect(chapters[0].title).toMatch(/Mitochondria/);
  });

  it('respects maxChapters and the hard maximum of 10', () => {
    const segments = Array.from({ length: 200 }, (_, i) => ({ start: i * 20, end: i * 20 + 20, text: `Topic ${Math.floor(i / 20)} sentence about subject${Math.floor(i / 20)} and idea${i % 7} with detail words here.` }));
    expect(buildChapters(segments, { maxChapters: 50 }).length).toBe(10);
    expect(buildChapters(segments, { maxChapters: 4 }).length).toBe(4);
    expect(buildChapters(segments, { maxChapters: 0 }).length).toBe(1);
    const chapters = buildChapters(segments);
    chapters.forEach((c) => expect(c.end - c.start).toBeGreaterThanOrEqual(30));
  });

  it('stays fast on a three-hour transcript', () => {
    const segments = Array.from({ length: 5000 }, (_, i) => ({ start: i * 2.2, end: i * 2.2 + 2, text: `topic${Math.floor(i / 500)} detail${i % 37} and example${i % 11}` }));
    const started = Date.now();
    const chapters = buildChapters(segments);
    expect(Date.now() - started).toBeLessThan(8000);
    expect(chapters).toHaveLength(10);
  });

  it('gives short texts fewer chapters and empty input none', () => {
    expect(buildChapters([])).toEqual([]);
    const short = parseTranscript('Cells divide by mitosis. Mitosis has four phases.');
    const chapters = buildChapters(short.segments);
    expect(chapters).toHaveLength(1);
    expect(chapters[0].title).toMatch(/Mitosis/);
    expect(buildChapters([{ start: 0, end: 2, text: 'the and of' }])[0].title).not.toBe('');
  });

  it('ignores malformed segments without throwing', () => {
    const bad = [{ start: NaN, end: 1, text: 'x' }, { start: 3, end: 1, text: 'Enzymes speed reactions.' }, { start: 1, end: 2, text: '  ' }] as TranscriptSegment[];
    const chapters = buildChapters(bad);
    expect(chapters).toHaveLength(1);
    expect(chapters[0].text).toBe('Enzymes speed reactions.');
  });
});

describe('chapter titles', () => {
  it('prefers distinctive phrases over words shared by every chapter', () => {
    const titles = chapterTitles([
      'Photosynthesis uses the Calvin cycle. The Calvin cycle fixes carbon. Photosynthesis again.',
      'Photosynthesis needs chlorophyll pigments. Chlorophyll pigments absorb light. Photosynthesis again.',
    ]);
    expect(titles[0]).toBe('Calvin Cycle');
    expect(titles[1]).toBe('Chlorophyll Pigments');
  });

  it('title-cases while keeping acronyms and small words', () => {
    expect(titleCase('storming of the bastille')).toBe('Storming of the Bastille');
    expect(titleCase('ATP synthase')).toBe('ATP Synthase');
    expect(titleCase('the ReLU function')).toBe('The ReLU Function');
  });
});
