import type { RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { LMS_LIST } from '../landing-content';

/**
 * The LTI explainer's dialog. Loaded only when a visitor opens it (lti-modal.tsx): the dialog
 * primitives and react-remove-scroll would otherwise be a quarter of the landing page's JavaScript.
 */
export default function LtiDialog({
  open,
  onOpenChange,
  onStartTrial,
  returnFocusTo,
}: {
  open: boolean;
  /** The button that opened it: focus goes back there on close (there is no DialogTrigger). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  onOpenChange: (open: boolean) => void;
  onStartTrial: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-4xl"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>What is LTI?</DialogTitle>
          <DialogDescription>
            LTI (Learning Tools Interoperability) 1.3 is the standard way for a learning management system to open an
            external tool. Learners launch a VeoLearn lesson from their course with single sign-on, and their scores
            flow back to the LMS gradebook automatically.
          </DialogDescription>
        </DialogHeader>
        <div>
          <h3 className="mb-3 text-sm font-semibold">Supported learning management systems</h3>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {LMS_LIST.map((lms) => (
              <li key={lms.name} className="rounded-lg border p-3">
                <p className="font-medium">{lms.name}</p>
                <p className="mt-1 text-sm text-muted-foreground">{lms.description}</p>
                <p className="mt-2 text-xs leading-relaxed">
                  <span className="font-medium">Setup: </span>
                  {lms.setup}
                </p>
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-muted-foreground">LTI is included in the Pro and Enterprise plans.</p>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button onClick={onStartTrial}>Start Free Trial</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
