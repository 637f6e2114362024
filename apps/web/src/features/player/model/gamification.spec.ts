import { changeAnnouncement, type GamificationView, levelPercent, levelText, progressChange } from './gamification';

const base: GamificationView = {
  attemptPoints: 10,
  lessonStreak: 1,
  bestLessonStreak: 1,
  dayStreak: 0,
  totalPoints: 140,
  level: 2,
  levelStart: 100,
  nextLevelAt: 300,
  newAchievements: [],
  achievements: [],
};
const roll = { id: 'on_a_roll', name: 'On a roll', description: 'Answered 5 questions in a row right on the first try.', earnedAt: '2026-03-01T10:00:00.000Z' };

describe('gamification texts', () => {
  it('reads the level and the points plainly', () => {
    expect(levelText(base)).toBe('Level 2 · 140 points');
    expect(levelText({ level: 1, totalPoints: 1 })).toBe('Level 1 · 1 point');
    expect(levelPercent(base)).toBe(20);
    expect(levelPercent({ totalPoints: 0, levelStart: 0, nextLevelAt: 100 })).toBe(0);
  });

  it('finds the points gained and the achievements newly earned between two views', () => {
    expect(progressChange(null, base)).toBeNull();
    expect(progressChange(base, base)).toBeNull();
    const after = { ...base, attemptPoints: 20, lessonStreak: 2, newAchievements: [roll] };
    const change = progressChange(base, after);
    expect(change).toEqual({ points: 10, achievements: [roll] });
    expect(changeAnnouncement(change!, after)).toBe('+10 points. Streak 2. New achievement: On a roll.');
  });
});
