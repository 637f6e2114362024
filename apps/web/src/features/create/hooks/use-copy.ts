import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/ui/use-toast';

/** How long a copy button shows its check mark (spec section 9). */
export const COPIED_MS = 1500;

/** Copies text to the clipboard; `copied` names the last copied field for 1.5 s. A refusal shows 'Copy Failed'. */
export function useCopy() {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (key: string, text: string) => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard not available');
      await navigator.clipboard.writeText(text);
      setCopied(key);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(null), COPIED_MS);
    } catch {
      toast({ variant: 'destructive', title: 'Copy Failed', description: 'Unable to copy to clipboard' });
    }
  }, []);

  return { copied, copy };
}
