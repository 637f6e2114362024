import { applyKeyAction, INITIAL_VR_SETTINGS, isTypingTarget, keyAction, sessionEvents } from './vr-settings';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('VR keys (spec section 2)', () => {
  it('maps Escape and 1-5, ignores other keys and shortcuts', () => {
    expect(['Escape', '1', '2', '3', '4', '5'].map((k) => keyAction(key(k)))).toEqual(['exitVr', 'textLarger', 'textSmaller', 'contrast', 'audio', 'colorBlind']);
    expect(keyAction(key('6'))).toBeNull();
    expect(keyAction(key('w'))).toBeNull();
    expect(keyAction(key('1', { ctrlKey: true }))).toBeNull();
  });

  it('starts text at 1.2 and steps by 0.1 within 0.5 to 2', () => {
    expect(INITIAL_VR_SETTINGS.textScale).toBe(1.2);
    let s = INITIAL_VR_SETTINGS;
    s = applyKeyAction(s, 'textLarger');
    expect(s.textScale).toBe(1.3);
    for (let i = 0; i < 20; i += 1) s = applyKeyAction(s, 'textLarger');
    expect(s.textScale).toBe(2);
    for (let i = 0; i < 30; i += 1) s = applyKeyAction(s, 'textSmaller');
    expect(s.textScale).toBe(0.5);
  });

  it('toggles contrast, audio descriptions and the colour-blind palette', () => {
    const s = applyKeyAction(applyKeyAction(applyKeyAction(INITIAL_VR_SETTINGS, 'contrast'), 'audio'), 'colorBlind');
    expect(s).toMatchObject({ contrastMode: true, audioDescriptions: true, colorBlindSupport: true });
    expect(applyKeyAction(s, 'contrast').contrastMode).toBe(false);
    expect(applyKeyAction(s, 'exitVr')).toBe(s);
  });

  it('leaves keys typed in a field alone', () => {
    expect(isTypingTarget(document.createElement('input'))).toBe(true);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('session check', () => {
  const none = { comfortBreak: false, cleanup: false };
  it('suggests a break at 1200 s and cleans up at 1800 s, once each', () => {
    expect(sessionEvents(1199, none)).toEqual([]);
    expect(sessionEvents(1200, none)).toEqual(['comfortBreak']);
    expect(sessionEvents(1500, { comfortBreak: true, cleanup: false })).toEqual([]);
    expect(sessionEvents(1800, { comfortBreak: true, cleanup: false })).toEqual(['cleanup']);
    expect(sessionEvents(2000, { comfortBreak: true, cleanup: true })).toEqual([]);
  });
});
