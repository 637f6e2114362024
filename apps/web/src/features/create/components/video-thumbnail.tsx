import { useState } from 'react';
import { FileVideo } from 'lucide-react';
import { cn } from '../../../lib/utils';

/** A 16:9 picture of the video; an icon when there is none or it does not load. */
export function VideoThumbnail({ src, duration, className }: { src: string | null; duration?: string | null; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = src !== null && failedSrc !== src;
  return (
    <div className={cn('relative aspect-video overflow-hidden rounded-lg bg-muted', className)}>
      {showImage ? (
        <img src={src} alt="" onError={() => setFailedSrc(src)} className="size-full object-cover" />
      ) : (
        <div className="flex size-full items-center justify-center bg-gradient-to-br from-primary/15 to-primary/5">
          <FileVideo className="size-10 text-primary/60" aria-hidden="true" />
        </div>
      )}
      {duration && (
        <span className="absolute bottom-1.5 right-1.5 rounded bg-black/75 px-1.5 py-0.5 text-xs font-medium text-white">{duration}</span>
      )}
    </div>
  );
}
