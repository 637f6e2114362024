import { Link } from 'react-router-dom';
import { Button, buttonVariants } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/session-client';
import { routes } from '../../../app/routes';
import { SHARING_RULE } from '../../plans/plan-wording';
import { ExportTabs } from '../../share/components/export-tabs';
import type { VideoView } from '../api/library-api';
import { useDeleteVideoMutation } from '../hooks/use-library';

export function DeleteVideoDialog({ video, onClose }: { video: VideoView | null; onClose: () => void }) {
  const remove = useDeleteVideoMutation({
    onSuccess: () => {
      toast({ title: 'Video deleted successfully' });
      onClose();
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: serverMessage(error) ?? 'Failed to delete video. Please try again.' }),
  });

  function confirm() {
    if (!video) return;
    remove.mutate(video.id);
  }

  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Are you sure you want to delete this video?</DialogTitle>
          <DialogDescription>
            “{video?.title}” will be permanently deleted, together with its questions and all of its data (learner
            answers and analytics). This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            Delete Video
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The dashboard's per-video export: SCORM, share link, embed code and LMS configuration, each live. */
export function ExportDialog({
  video,
  onClose,
}: {
  video: VideoView | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle className="break-words pr-6">Export “{video?.title}”</DialogTitle>
          <DialogDescription>{SHARING_RULE}</DialogDescription>
        </DialogHeader>
        {video && <ExportTabs key={video.id} videoId={video.id} />}
        <DialogFooter className="gap-2">
          {video && (
            <Link to={routes.video(video.id)} className={buttonVariants({ variant: 'outline' })}>
              Open share page
            </Link>
          )}
          <Button onClick={onClose}>Close</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
