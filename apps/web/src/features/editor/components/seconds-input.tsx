import { useState } from 'react';
import { Input } from '../../../components/ui/input';
import { parseSeconds } from '../model/draft-validation';

/** Seconds as the field shows them: whole numbers plain, fractions with at most two decimals. */
function shown(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/**
 * A number of seconds between 0 and `max` (spec section 5). What is typed stays on screen while typing;
 * the value passed on is always a valid number (anything that is not a number counts as 0), and leaving
 * the field shows that number.
 */
export function SecondsInput({
  id,
  value,
  max,
  onChange,
  describedBy,
}: {
  id: string;
  value: number;
  max: number;
  onChange: (seconds: number) => void;
  describedBy?: string;
}) {
  const [text, setText] = useState(() => shown(value));
  const [echo, setEcho] = useState(value);
  if (value !== echo) {
    // Changed from outside (e.g. a save normalised it): show the new value.
    setEcho(value);
    setText(shown(value));
  }

  return (
    <Input
      id={id}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      aria-describedby={describedBy}
      onChange={(event) => {
        const next = parseSeconds(event.target.value, max);
        setText(event.target.value);
        setEcho(next);
        onChange(next);
      }}
      onBlur={() => setText(shown(value))}
    />
  );
}
