import { useEffect, useRef } from 'react';
import type { useYouTubeSearch } from '../hooks/use-youtube';
import type { UploadInput } from '../api/upload-video';
import type { UploadState } from '../hooks/use-video-upload';
import type { SelectedVideo } from '../wizard-rules';
import { VideoPreview } from './video-preview';
import { VideoUploadCard } from './video-upload-card';
import { YouTubeLinkCard } from './youtube-link-card';
import { YouTubeSearchCard } from './youtube-search-card';

export interface YouTubeTabProps {
  search: ReturnType<typeof useYouTubeSearch>;
  onLink: (url: string) => boolean;
  lookingUp: boolean;
  upload: { state: UploadState; start: (input: UploadInput) => void; cancel: () => void; done: number };
  onCaptionsText: (text: string) => void;
  selected: SelectedVideo | null;
  transcript: string;
  onRemoveSelected: () => void;
}

/** Step 1: find the video (search, link or upload) and see what was chosen. */
export function YouTubeTab({ search, onLink, lookingUp, upload, onCaptionsText, selected, transcript, onRemoveSelected }: YouTubeTabProps) {
  const linkInput = useRef<HTMLInputElement>(null);
  const preview = useRef<HTMLDivElement>(null);
  const shown = useRef(selected);

  // On a narrow screen the preview sits below the forms: bring a newly chosen video into view.
  useEffect(() => {
    if (selected === shown.current) return;
    shown.current = selected;
    const box = preview.current?.getBoundingClientRect();
    if (selected && box && (box.top < 0 || box.bottom > window.innerHeight)) {
      const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      preview.current?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    }
  }, [selected]);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <div className="grid content-start gap-6">
        <YouTubeSearchCard search={search} onPasteLink={() => linkInput.current?.focus()} />
        <YouTubeLinkCard onSubmit={onLink} lookingUp={lookingUp} inputRef={linkInput} />
        <VideoUploadCard key={upload.done} state={upload.state} onUpload={upload.start} onCancel={upload.cancel} onCaptionsText={onCaptionsText} />
      </div>
      <div ref={preview} className="scroll-mt-4 lg:sticky lg:top-6 lg:self-start">
        <VideoPreview selected={selected} loading={lookingUp} transcript={transcript} onRemove={onRemoveSelected} />
      </div>
    </div>
  );
}
