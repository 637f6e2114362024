import { antonyms, baseForm, hypernyms, isKnown, nounClass, nounClasses, siblings, warmUp } from './wordnet';

describe('wordnet', () => {
  beforeAll(() => warmUp());

  describe('nounClass', () => {
    it.each([
      ['Darwin', 'noun.person'],
      ['Charles Darwin', 'noun.person'],
      ['London', 'noun.location'],
      ['photosynthesis', 'noun.process'],
      ['oxygen', 'noun.substance'],
      ['OXYGEN', 'noun.substance'],
      ['carbon dioxide', 'noun.substance'],
      ['  Carbon   Dioxide ', 'noun.substance'],
      // Not in WordNet's noun.exc form: the irregular plural goes through the exception list.
      ['mitochondria', 'noun.body'],
      ['chloroplasts', 'noun.plant'],
      ['gases', 'noun.state'],
    ])('%s → %s', (word, lexname) => {
      expect(nounClass(word)).toBe(lexname);
    });

    it('treats a plural like its singular (WordNet files volcano under noun.object)', () => {
      expect(nounClass('volcanoes')).toBe(nounClass('volcano'));
      expect(nounClass('volcano')).toBe('noun.object');
    });

    it('falls back to the head noun of an unknown phrase', () => {
      expect(nounClass('purple oxygen')).toBe('noun.substance');
      expect(nounClass('Marie Curie')).toBe('noun.person');
    });

    it('returns null for unknown or empty input', () => {
      expect(nounClass('xyzzyplugh')).toBeNull();
      expect(nounClass('')).toBeNull();
      expect(nounClass('   ')).toBeNull();
    });
  });

  describe('nounClasses', () => {
    it('lists every sense class once, most frequent first', () => {
      expect(nounClasses('Darwin')).toEqual(['noun.person', 'noun.location']);
      const energy = nounClasses('energy');
      expect(energy[0]).toBe('noun.phenomenon');
      expect(new Set(energy).size).toBe(energy.length);
    });

    it('is empty for unknown words', () => {
      expect(nounClasses('xyzzyplugh')).toEqual([]);
    });
  });

  describe('antonyms', () => {
    it.each([
      ['increase', 'verb', 'decrease'],
      ['increases', 'verb', 'decrease'],
      ['increased', 'verb', 'decrease'],
      ['hot', 'adj', 'cold'],
      ['fast', 'adj', 'slow'],
      ['larger', 'adj', 'small'],
      ['bigger', 'adj', 'small'],
      ['quickly', 'adv', 'slowly'],
    ] as const)('%s (%s) → %s', (word, pos, expected) => {
      expect(antonyms(word, pos)).toContain(expected);
    });

    it('follows a satellite adjective to its head', () => {
      // "fleet" has no direct antonym; it is similar to "fast", whose antonym is "slow".
      expect(antonyms('fleet', 'adj')).toContain('slow');
    });

    it('only follows antonym pointers from the word itself, not its synonyms', () => {
      // {large, big} → large!small, big!little
      expect(antonyms('large', 'adj')[0]).toBe('small');
    });

    it('is empty for unknown words', () => {
      expect(antonyms('xyzzyplugh', 'adj')).toEqual([]);
    });
  });

  describe('siblings', () => {
    it('lists co-hyponyms, excluding the word and its synonyms', () => {
      const found = siblings('oxygen');
      expect(found.length).toBeGreaterThan(0);
      expect(found.length).toBeLessThanOrEqual(12);
      expect(found).not.toContain('oxygen');
      expect(found).not.toContain('O');
      expect(found).toEqual(expect.arrayContaining(['hydrogen', 'nitrogen']));
    });

    it('uses instance hypernyms for proper nouns', () => {
      expect(siblings('London')).toEqual(expect.arrayContaining(['Paris', 'Rome']));
    });

    it('turns underscores into spaces and honours the limit', () => {
      expect(siblings('carbon dioxide', 3)).toEqual(['chlorine dioxide', 'chlorofluorocarbon', 'hydrofluorocarbon']);
      expect(siblings('oxygen', 0)).toEqual([]);
    });

    it('is deterministic', () => {
      expect(siblings('mitochondria')).toEqual(siblings('mitochondrion'));
    });

    it('is empty for unknown words', () => {
      expect(siblings('xyzzyplugh')).toEqual([]);
    });
  });

  describe('hypernyms', () => {
    it('gives the first sense’s direct hypernyms', () => {
      expect(hypernyms('oxygen')).toEqual(expect.arrayContaining(['chemical element', 'gas']));
      expect(hypernyms('London')).toEqual(['national capital']);
      expect(hypernyms('xyzzyplugh')).toEqual([]);
    });
  });

  describe('baseForm / isKnown', () => {
    it.each([
      ['increases', 'verb', 'increase'],
      ['stopped', 'verb', 'stop'],
      ['went', 'verb', 'go'],
      ['studies', 'verb', 'study'],
      ['hotter', 'adj', 'hot'],
      ['thinner', 'adj', 'thin'],
      ['happier', 'adj', 'happy'],
      ['mitochondria', 'noun', 'mitochondrion'],
      ['gases', 'noun', 'gas'],
      ['boxes', 'noun', 'box'],
      ['women', 'noun', 'woman'],
      ['Carbon Dioxide', 'noun', 'carbon dioxide'],
    ] as const)('%s (%s) → %s', (word, pos, base) => {
      expect(baseForm(word, pos)).toBe(base);
      expect(isKnown(word, pos)).toBe(true);
    });

    it('knows nothing of unknown words', () => {
      expect(baseForm('xyzzyplugh', 'noun')).toBeNull();
      expect(isKnown('xyzzyplugh', 'verb')).toBe(false);
      expect(isKnown('oxygen', 'verb')).toBe(false);
    });
  });
});
