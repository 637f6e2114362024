import { Loader2 } from 'lucide-react';
import { QUESTION_TYPE_LABELS } from '@veolearn/domain';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { formatDuration } from '../../library/format';
import type { InteractionView } from '../api/editor-api';

/** Asks before a question and the answers learners gave to it are deleted. */
export function DeleteQuestionDialog({
  question,
  deleting,
  onConfirm,
  onClose,
}: {
  question: InteractionView | null;
  deleting: boolean;
  onConfirm: (question: InteractionView) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={question !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this question?</DialogTitle>
          <DialogDescription>
            {question && (
              <>
                The {QUESTION_TYPE_LABELS[question.type].toLowerCase()} question at {formatDuration(question.timestamp)} — “{question.question}” — and the
                answers learners gave to it will be deleted. This cannot be undone.
              </>
            )}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={deleting} onClick={() => question && onConfirm(question)}>
            {deleting && <Loader2 className="animate-spin" aria-hidden="true" />}
            Delete Question
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
