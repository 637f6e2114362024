import { useState, type FormEvent } from 'react';
import { Check } from 'lucide-react';
import { DEFAULT_FOLDER_COLOR, DEFAULT_FOLDER_ICON, FOLDER_COLORS, FOLDER_NAME_MAX_LENGTH, type FolderColor } from '@veolearn/domain';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/session-client';
import { cn } from '../../../lib/utils';
import type { FolderId, FolderView } from '../api/library-api';
import { useCreateFolderMutation, useDeleteFolderMutation, useUpdateFolderMutation } from '../hooks/use-library';

function ColorSwatches({ value, onChange }: { value: FolderColor; onChange: (color: FolderColor) => void }) {
  return (
    <div role="radiogroup" aria-label="Folder colour" className="flex flex-wrap gap-2">
      {Object.entries(FOLDER_COLORS).map(([name, hex]) => {
        const selected = value === hex;
        return (
          <button
            key={hex}
            type="button"
            role="radio"
            aria-checked={selected}
            aria-label={name}
            title={name}
            onClick={() => onChange(hex)}
            className={cn(
              'flex size-8 items-center justify-center rounded-full border-2 border-transparent transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-ring',
              selected && 'border-foreground',
            )}
            style={{ backgroundColor: hex }}
          >
            {selected && <Check className="size-4 text-white" aria-hidden="true" />}
          </button>
        );
      })}
    </div>
  );
}

export function NewFolderDialog({
  open,
  onOpenChange,
  parentId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  parentId: FolderId;
}) {
  const [name, setName] = useState('');
  const [color, setColor] = useState<FolderColor>(DEFAULT_FOLDER_COLOR);
  const create = useCreateFolderMutation({
    onSuccess: () => {
      toast({ title: 'Folder created' });
      reset(false);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: serverMessage(error) ?? 'Failed to create folder. Please try again.',
      }),
  });
  const trimmed = name.trim();

  function reset(next: boolean) {
    if (!next) {
      setName('');
      setColor(DEFAULT_FOLDER_COLOR);
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed) return;
    create.mutate({ name: trimmed, parentId, color, icon: DEFAULT_FOLDER_ICON });
  }

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>New Folder</DialogTitle>
            <DialogDescription>Group your videos by course, topic or class.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="folder-name">Folder name</Label>
            <Input
              id="folder-name"
              value={name}
              maxLength={FOLDER_NAME_MAX_LENGTH}
              onChange={(e) => setName(e.target.value)}
              placeholder="e.g. Year 9 Science"
              autoFocus
            />
          </div>
          <div className="grid gap-2">
            <span className="text-sm font-medium">Colour</span>
            <ColorSwatches value={color} onChange={setColor} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => reset(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!trimmed || create.isPending}>
              Create Folder
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function RenameFolderDialog({ folder, onClose }: { folder: FolderView | null; onClose: () => void }) {
  return (
    <Dialog open={folder !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{folder && <RenameFolderForm key={folder.id} folder={folder} onClose={onClose} />}</DialogContent>
    </Dialog>
  );
}

function RenameFolderForm({ folder, onClose }: { folder: FolderView; onClose: () => void }) {
  const [name, setName] = useState(folder.name);
  const [color, setColor] = useState<FolderColor>(folder.color);
  const update = useUpdateFolderMutation({
    onSuccess: () => {
      toast({ title: 'Folder updated' });
      onClose();
    },
    onError: () => toast({ variant: 'destructive', title: 'Failed to update folder name. Please try again.' }),
  });
  const trimmed = name.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed) return;
    update.mutate({ id: folder.id, name: trimmed, color });
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Rename Folder</DialogTitle>
        <DialogDescription>Change the name or colour of “{folder.name}”.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor="rename-folder-name">Folder name</Label>
        <Input
          id="rename-folder-name"
          value={name}
          maxLength={FOLDER_NAME_MAX_LENGTH}
          onChange={(e) => setName(e.target.value)}
          autoFocus
        />
      </div>
      <div className="grid gap-2">
        <span className="text-sm font-medium">Colour</span>
        <ColorSwatches value={color} onChange={setColor} />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={!trimmed || update.isPending}>
          Save
        </Button>
      </DialogFooter>
    </form>
  );
}

export function DeleteFolderDialog({
  folder,
  parentName,
  onClose,
}: {
  folder: FolderView | null;
  parentName: string;
  onClose: () => void;
}) {
  const remove = useDeleteFolderMutation({
    onSuccess: () => {
      toast({ title: 'Folder deleted' });
      onClose();
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: serverMessage(error) ?? 'Failed to delete folder. Please try again.' }),
  });

  function confirm() {
    if (!folder) return;
    remove.mutate(folder.id);
  }

  return (
    <Dialog open={folder !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete folder “{folder?.name}”?</DialogTitle>
          <DialogDescription>
            The folder is removed. The videos and subfolders inside it are not deleted: they move to {parentName}.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            Delete Folder
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
