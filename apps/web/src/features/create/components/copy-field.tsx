import { Check, Copy } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { textareaClass } from './field-styles';

/** A read-only value with a Copy button that shows 'Copied!' for a moment. */
export function CopyField({
  id,
  label,
  value,
  multiline = false,
  copied,
  onCopy,
}: {
  id: string;
  label: string;
  value: string;
  multiline?: boolean;
  copied: boolean;
  onCopy: () => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className={multiline ? 'grid gap-2' : 'flex gap-2'}>
        {multiline ? (
          <textarea
            id={id}
            readOnly
            rows={3}
            value={value}
            onFocus={(e) => e.currentTarget.select()}
            className={`${textareaClass} resize-none font-mono text-xs`}
          />
        ) : (
          <Input id={id} readOnly value={value} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
        )}
        <Button variant="outline" onClick={onCopy} className={multiline ? 'w-fit justify-self-end' : 'shrink-0'} aria-label={copied ? `${label} copied` : `Copy ${label}`}>
          {copied ? <Check className="text-success" aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied!' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}
