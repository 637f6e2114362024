import { useId, useState, type FormEvent } from 'react';
import { DISPLAY_NAME_MAX_LENGTH } from '@veolearn/domain';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { getDisplayName, setDisplayName } from '../model/display-name';

/**
 * The learner's optional name for their teacher's results, remembered in this browser. One line, so
 * the video keeps its room; `onSaved` puts the name on the attempt under way.
 */
export function DisplayNameField({ onSaved }: { onSaved: (name: string | null) => void }) {
  const id = useId();
  const [saved, setSaved] = useState(() => getDisplayName());
  const [editing, setEditing] = useState(saved === null);
  const [value, setValue] = useState(saved ?? '');

  function submit(event: FormEvent) {
    event.preventDefault();
    const name = setDisplayName(value);
    setSaved(name);
    setValue(name ?? '');
    setEditing(name === null);
    onSaved(name);
  }

  if (!editing && saved) {
    return (
      <p className="flex flex-wrap items-center justify-center gap-x-2 text-sm text-muted-foreground" data-testid="display-name">
        <span>
          Your teacher sees you as <span className="font-medium text-foreground">{saved}</span>.
        </span>
        <Button variant="link" size="sm" className="h-auto p-0" onClick={() => setEditing(true)}>
          Change name
        </Button>
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center justify-center gap-2 text-sm" data-testid="display-name-form">
      <label htmlFor={id} className="text-muted-foreground">
        Your name for your teacher <span className="whitespace-nowrap">(optional)</span>
      </label>
      <div className="flex w-full min-w-0 gap-2 sm:w-auto">
        <Input
          id={id}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          maxLength={DISPLAY_NAME_MAX_LENGTH}
          autoComplete="name"
          className="h-8 min-w-0 flex-1 sm:w-64 sm:flex-none"
          placeholder="e.g. Sam Lee"
        />
        <Button type="submit" size="sm" variant="outline">
          Save
        </Button>
      </div>
    </form>
  );
}
