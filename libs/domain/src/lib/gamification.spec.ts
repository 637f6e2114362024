import {
  ACHIEVEMENTS,
  dayStreak,
  deservedAchievements,
  lessonStreak,
  levelForPoints,
  levelThreshold,
  newAchievements,
  pointsForAnswer,
  utcDay,
} from './gamification';

describe('points', () => {
  it('gives 10 for a right first try, 5 for a right later try and nothing for a wrong answer', () => {
    expect(pointsForAnswer({ correct: true, firstTry: true })).toBe(10);
    expect(pointsForAnswer({ correct: true, firstTry: false })).toBe(5);
    expect(pointsForAnswer({ correct: false, firstTry: true })).toBe(0);
    expect(pointsForAnswer({ correct: false, firstTry: false })).toBe(0);
  });
});

describe('levels', () => {
  it('start at level 1 and ask 100 more points for each level than for the one before', () => {
    expect([1, 2, 3, 4, 5].map(levelThreshold)).toEqual([0, 100, 300, 600, 1000]);
    expect(levelForPoints(0)).toEqual({ level: 1, totalPoints: 0, levelStart: 0, nextLevelAt: 100 });
    expect(levelForPoints(99).level).toBe(1);
    expect(levelForPoints(100)).toEqual({ level: 2, totalPoints: 100, levelStart: 100, nextLevelAt: 300 });
    expect(levelForPoints(140).level).toBe(2);
    expect(levelForPoints(299).level).toBe(2);
    expect(levelForPoints(300).level).toBe(3);
    expect(levelForPoints(999).level).toBe(4);
    expect(levelForPoints(1000).level).toBe(5);
  });

  it('agree with the thresholds for every total up to 5000, and treat nonsense as 0', () => {
    for (let total = 0; total <= 5_000; total += 10) {
      const { level } = levelForPoints(total);
      expect(levelThreshold(level)).toBeLessThanOrEqual(total);
      expect(levelThreshold(level + 1)).toBeGreaterThan(total);
    }
    expect(levelForPoints(-20).level).toBe(1);
    expect(levelForPoints(Number.NaN).level).toBe(1);
  });
});

describe('lesson streak', () => {
  it('counts right first tries in a row, a wrong one starting again', () => {
    expect(lessonStreak([])).toEqual({ current: 0, best: 0 });
    expect(lessonStreak([true, true, true])).toEqual({ current: 3, best: 3 });
    expect(lessonStreak([true, true, false, true])).toEqual({ current: 1, best: 2 });
    expect(lessonStreak([true, true, true, false])).toEqual({ current: 0, best: 3 });
  });
});

describe('day streak (UTC calendar days)', () => {
  const at = (iso: string) => new Date(iso);

  it('names the UTC day, whatever the local time zone', () => {
    expect(utcDay(at('2026-03-03T23:30:00Z'))).toBe('2026-03-03');
    expect(utcDay(at('2026-03-04T00:10:00+02:00'))).toBe('2026-03-03');
  });

  it('counts consecutive days ending today', () => {
    const now = at('2026-03-05T08:00:00Z');
    expect(dayStreak(['2026-03-03', '2026-03-04', '2026-03-05'], now)).toBe(3);
    expect(dayStreak(['2026-03-05'], now)).toBe(1);
    expect(dayStreak(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'], now)).toBe(5);
  });

  it('keeps yesterday\'s streak alive until a whole day is missed', () => {
    expect(dayStreak(['2026-03-03', '2026-03-04'], at('2026-03-05T23:59:59Z'))).toBe(2);
    expect(dayStreak(['2026-03-03', '2026-03-04'], at('2026-03-06T00:00:00Z'))).toBe(0);
  });

  it('starts again at 1 after a missed day', () => {
    expect(dayStreak(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-05'], at('2026-03-05T12:00:00Z'))).toBe(1);
  });

  it('counts a day once and ignores malformed days', () => {
    expect(dayStreak(['2026-03-05', '2026-03-05', 'yesterday', '2026-3-4'], at('2026-03-05T12:00:00Z'))).toBe(1);
    expect(dayStreak([], at('2026-03-05T12:00:00Z'))).toBe(0);
  });

  it('runs across a month and a year end', () => {
    expect(dayStreak(['2026-02-27', '2026-02-28', '2026-03-01'], at('2026-03-01T01:00:00Z'))).toBe(3);
    expect(dayStreak(['2026-12-31', '2027-01-01'], at('2027-01-01T00:00:00Z'))).toBe(2);
  });
});

describe('achievements', () => {
  const none = { completedLessons: 0, perfectLesson: false, bestLessonStreak: 0, dayStreak: 0, totalPoints: 0 };

  it('have a name and a one-line description each', () => {
    expect(ACHIEVEMENTS.map((a) => a.id)).toEqual(['first_lesson', 'perfect_score', 'on_a_roll', 'five_day_streak', 'five_lessons', 'century']);
    for (const a of ACHIEVEMENTS) {
      expect(a.name.length).toBeGreaterThan(0);
      expect(a.description).toMatch(/^[A-Z].*\.$/);
      expect(a.description).not.toContain('\n');
    }
  });

  it('are deserved by their facts', () => {
    expect(deservedAchievements(none)).toEqual([]);
    expect(deservedAchievements({ ...none, completedLessons: 1 })).toEqual(['first_lesson']);
    expect(deservedAchievements({ ...none, completedLessons: 1, perfectLesson: true })).toEqual(['first_lesson', 'perfect_score']);
    expect(deservedAchievements({ ...none, bestLessonStreak: 4 })).toEqual([]);
    expect(deservedAchievements({ ...none, bestLessonStreak: 5 })).toEqual(['on_a_roll']);
    expect(deservedAchievements({ ...none, completedLessons: 5, dayStreak: 5 })).toEqual(['first_lesson', 'five_day_streak', 'five_lessons']);
    expect(deservedAchievements({ ...none, dayStreak: 4, completedLessons: 4, totalPoints: 99 })).toEqual(['first_lesson']);
    expect(deservedAchievements({ ...none, totalPoints: 100 })).toEqual(['century']);
  });

  it('are awarded once: those already held are not new', () => {
    const facts = { ...none, completedLessons: 1, perfectLesson: true };
    expect(newAchievements(facts, [])).toEqual(['first_lesson', 'perfect_score']);
    expect(newAchievements(facts, ['first_lesson', 'perfect_score'])).toEqual([]);
    expect(newAchievements({ ...facts, totalPoints: 120 }, ['first_lesson', 'perfect_score'])).toEqual(['century']);
  });
});
