import { Lock } from 'lucide-react';
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
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/session-client';
import { routes } from '../../../app/routes';
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

const EXPORT_TABS = [
  { value: 'scorm', label: 'SCORM', text: 'Download a SCORM package to upload into any LMS.' },
  { value: 'share', label: 'Share URL', text: 'A public link learners can open without an account.' },
  { value: 'embed', label: 'Embed Code', text: 'An iframe snippet for your website or blog.' },
  { value: 'lti', label: 'LTI/LMS', text: 'Launch the video from Moodle, Canvas and other LTI 1.3 platforms.' },
] as const;

/** Export arrives in a later release; this dialog says so instead of pretending. */
export function ExportDialog({
  video,
  exportAllowed,
  onClose,
}: {
  video: VideoView | null;
  exportAllowed: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Export “{video?.title}”</DialogTitle>
          <DialogDescription>Exporting interactive videos arrives in a later release.</DialogDescription>
        </DialogHeader>
        {!exportAllowed && (
          <div className="flex items-start gap-3 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm">
            <Lock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <p>
              Export is a Pro feature. The Free Trial does not include export or LTI.{' '}
              <Link to={routes.subscribe} className="font-medium text-primary underline-offset-4 hover:underline">
                See plans
              </Link>
            </p>
          </div>
        )}
        <Tabs defaultValue="scorm">
          <TabsList className="grid h-auto w-full grid-cols-2 sm:grid-cols-4">
            {EXPORT_TABS.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value}>
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {EXPORT_TABS.map((tab) => (
            <TabsContent key={tab.value} value={tab.value} className="rounded-lg border p-4 text-sm">
              <p className="font-medium">{tab.label}: coming soon</p>
              <p className="mt-1 text-muted-foreground">{tab.text}</p>
            </TabsContent>
          ))}
        </Tabs>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {!exportAllowed && (
            <Link to={routes.subscribe} className={buttonVariants()}>
              Upgrade
            </Link>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
