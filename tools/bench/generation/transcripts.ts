/**
 * 200 different ten-minute lecture transcripts (SRT), made deterministically from a pool of
 * lecture sentences on several subjects, so every job has its own text and chapters.
 */
const SUBJECTS: Record<string, string[]> = {
  photosynthesis: [
    'Photosynthesis is the process plants use to turn light energy into chemical energy stored in glucose.',
    'It happens inside chloroplasts, which contain a green pigment called chlorophyll.',
    'Chlorophyll absorbs mostly red and blue light and reflects green, which is why leaves look green.',
    'The light-dependent reactions take place in the thylakoid membranes and split water molecules.',
    'Splitting water releases oxygen as a by-product, and that oxygen is what we breathe.',
    'The Calvin cycle happens in the stroma and uses carbon dioxide to build sugar.',
    'An enzyme called rubisco fixes carbon dioxide during the Calvin cycle.',
    'ATP and NADPH made by the light reactions power the Calvin cycle.',
  ],
  revolution: [
    'The French Revolution began in 1789 when the Estates-General met at Versailles.',
    'The Third Estate declared itself the National Assembly and swore the Tennis Court Oath.',
    'On the fourteenth of July a crowd stormed the Bastille, a prison in Paris.',
    'The Declaration of the Rights of Man set out liberty, property and resistance to oppression.',
    'Economic hardship and the price of bread fuelled much of the unrest in the cities.',
    'The monarchy was abolished in 1792 and the king was executed the following year.',
    'During the Reign of Terror the Committee of Public Safety ordered thousands of executions.',
    'Napoleon Bonaparte eventually seized power in a coup in 1799.',
  ],
  programming: [
    'A variable is a named place in memory where a program stores a value.',
    'A function groups instructions so that you can call them again with different arguments.',
    'A loop repeats a block of code until its condition is no longer true.',
    'An array keeps an ordered list of values that you reach by their index, starting at zero.',
    'Recursion means a function calls itself on a smaller version of the same problem.',
    'Every recursive function needs a base case, otherwise it never stops calling itself.',
    'A hash map stores pairs of keys and values and finds a value by its key very quickly.',
    'Unit tests check small pieces of code automatically every time you change something.',
  ],
  safety: [
    'Personal protective equipment, or PPE, is the last line of defence against workplace hazards.',
    'Hard hats protect against falling objects and must be replaced after any serious impact.',
    'Before using a ladder, inspect it for damaged rungs and make sure the feet are secure.',
    'Lockout tagout procedures make sure machines cannot start while someone is repairing them.',
    'Every spill must be reported and cleaned straight away to prevent slips and falls.',
    'Fire extinguishers are classed by the type of fire they can put out safely.',
    'The assembly point is where everyone gathers after an evacuation so that nobody is missing.',
    'Near misses should be reported too, because they show where the next accident could happen.',
  ],
  economics: [
    'Supply is the amount of a good that producers are willing to sell at each price.',
    'Demand is the amount that consumers want to buy at each price.',
    'The equilibrium price is where the supply curve crosses the demand curve.',
    'When demand rises and supply stays the same, the price usually goes up.',
    'Inflation is a general rise in prices that reduces what money can buy.',
    'Central banks raise interest rates to slow inflation by making borrowing more expensive.',
    'Opportunity cost is the value of the best alternative you give up when you choose.',
    'A monopoly is a market with a single seller who can set prices above the competitive level.',
  ],
};

const FILLERS = [
  'Okay, so let me explain that a little more.',
  'This is really important, so keep it in mind.',
  'Right, let us look at an example of that.',
  'You will see this again later in the course.',
  'Now, let us move on to the next idea.',
];

function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}

function srtTime(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const ms = Math.round((seconds % 1) * 1000);
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(Math.floor(seconds % 60))},${String(ms).padStart(3, '0')}`;
}

/** Ten minutes of lecture (about 1,500 words): three or four subjects in turn, each for a few minutes. */
export function lectureTranscript(index: number, durationSeconds = 600): string {
  const random = seeded(index * 7919 + 17);
  const names = Object.keys(SUBJECTS).sort(() => random() - 0.5).slice(0, 3 + (index % 2));
  const cues: string[] = [];
  const cueSeconds = 6;
  const cueCount = Math.floor(durationSeconds / cueSeconds);
  for (let i = 0; i < cueCount; i++) {
    const subject = SUBJECTS[names[Math.floor((i * names.length) / cueCount)]];
    const sentence = random() < 0.15 ? FILLERS[Math.floor(random() * FILLERS.length)] : subject[Math.floor(random() * subject.length)];
    const start = i * cueSeconds + 0.5;
    cues.push(`${i + 1}\n${srtTime(start)} --> ${srtTime(start + cueSeconds - 0.5)}\n${sentence}\n`);
  }
  return cues.join('\n');
}
