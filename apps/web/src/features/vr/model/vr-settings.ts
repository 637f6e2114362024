import { VR } from './vr-model';

/** Spec section 3: the VR accessibility settings. */
export interface VrSettings {
  textScale: number;
  contrastMode: boolean;
  audioDescriptions: boolean;
  oneHandedMode: boolean;
  colorBlindSupport: boolean;
}

export const INITIAL_VR_SETTINGS: VrSettings = {
  textScale: VR.textScale.start,
  contrastMode: false,
  audioDescriptions: false,
  oneHandedMode: false,
  colorBlindSupport: false,
};

export type VrKeyAction = 'exitVr' | 'textLarger' | 'textSmaller' | 'contrast' | 'audio' | 'colorBlind';

/** Spec section 2: Escape leaves VR mode; 1 and 2 raise and lower the text; 3, 4 and 5 toggle. */
export function keyAction(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): VrKeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  switch (event.key) {
    case 'Escape':
      return 'exitVr';
    case '1':
      return 'textLarger';
    case '2':
      return 'textSmaller';
    case '3':
      return 'contrast';
    case '4':
      return 'audio';
    case '5':
      return 'colorBlind';
    default:
      return null;
  }
}

function scaled(value: number): number {
  const { min, max } = VR.textScale;
  // One decimal: ten steps of 0.1 must land on 2, not 2.0000000000000004.
  return Math.min(max, Math.max(min, Math.round(value * 10) / 10));
}

/** The settings after a key's action (exitVr changes no setting). */
export function applyKeyAction(settings: VrSettings, action: VrKeyAction): VrSettings {
  switch (action) {
    case 'textLarger':
      return { ...settings, textScale: scaled(settings.textScale + VR.textScale.step) };
    case 'textSmaller':
      return { ...settings, textScale: scaled(settings.textScale - VR.textScale.step) };
    case 'contrast':
      return { ...settings, contrastMode: !settings.contrastMode };
    case 'audio':
      return { ...settings, audioDescriptions: !settings.audioDescriptions };
    case 'colorBlind':
      return { ...settings, colorBlindSupport: !settings.colorBlindSupport };
    case 'exitVr':
      return settings;
  }
}

/** Keys typed into a field are the field's, not the player's. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== 'string') return false;
  const el = target as HTMLElement;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/** Progress colours: green/yellow/grey, or the Okabe-Ito blue/orange/grey a colour-blind learner tells apart. */
export function progressPalette(colorBlind: boolean): Record<'done' | 'current' | 'todo', string> {
  return colorBlind ? { done: '#0072B2', current: '#E69F00', todo: '#9CA3AF' } : { done: '#22C55E', current: '#EAB308', todo: '#9CA3AF' };
}

export type SessionEvent = 'comfortBreak' | 'cleanup';

/**
 * What the once-a-second session check does at `seconds` of VR time: suggest a break once at 20
 * minutes, clean up once at 30 (the player then reports 'Degraded').
 */
export function sessionEvents(seconds: number, done: { comfortBreak: boolean; cleanup: boolean }): SessionEvent[] {
  const events: SessionEvent[] = [];
  if (seconds >= VR.comfortBreakSeconds && !done.comfortBreak) events.push('comfortBreak');
  if (seconds >= VR.degradedSeconds && !done.cleanup) events.push('cleanup');
  return events;
}
