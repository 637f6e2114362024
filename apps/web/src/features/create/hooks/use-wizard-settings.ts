import { useCallback, useEffect, useState } from 'react';
import { WIZARD_QUESTION_TYPE_IDS, type WizardQuestionTypeId } from '@veolearn/domain';
import { loadSettings, saveSettings, type WizardSettings } from '../wizard-settings';

/** The generation settings, read from local storage once and saved on every change. */
export function useWizardSettings() {
  const [settings, setSettings] = useState<WizardSettings>(loadSettings);

  useEffect(() => saveSettings(settings), [settings]);

  const update = useCallback((patch: Partial<WizardSettings>) => setSettings((current) => ({ ...current, ...patch })), []);

  const toggleType = useCallback(
    (id: WizardQuestionTypeId, checked: boolean) =>
      setSettings((current) => ({
        ...current,
        // Always in the wizard's own order, whatever the order of the clicks.
        questionTypes: WIZARD_QUESTION_TYPE_IDS.filter((t) => (t === id ? checked : current.questionTypes.includes(t))),
      })),
    [],
  );

  return { settings, update, toggleType };
}
