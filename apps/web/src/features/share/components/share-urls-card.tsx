import { ExternalLink, Glasses, Monitor, Pencil, Play, SquareCode } from 'lucide-react';
import { buttonVariants } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { routes } from '../../../app/routes';
import { CopyField } from '../../create/components/copy-field';
import { useCopy } from '../../create/hooks/use-copy';

const NEW_TAB = <span className="sr-only">(opens in a new tab)</span>;

/** The lesson's three links with copy buttons, and the buttons that open them. Handing one out shares the lesson. */
export function ShareUrlsCard({ videoId, origin, onUse }: { videoId: number; origin: string; onUse: () => void }) {
  const { copied, copy } = useCopy();
  const links = [
    { key: 'share', label: 'Share URL', value: `${origin}${routes.video(videoId)}` },
    { key: 'player', label: 'Player URL', value: `${origin}${routes.player(videoId)}` },
    { key: 'embed', label: 'Embed URL', value: `${origin}${routes.embed(videoId)}` },
  ];
  const open = [
    { label: 'PC Player', to: routes.player(videoId), icon: Monitor },
    { label: 'VR Experience', to: routes.vr(videoId), icon: Glasses },
    { label: 'Embed', to: routes.embed(videoId), icon: SquareCode },
  ];

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h2" className="text-base">Share URLs</CardTitle>
        <CardDescription>Send a link to learners; they play the lesson without an account.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {links.map((link) => (
          <CopyField
            key={link.key}
            id={`share-${link.key}-url`}
            label={link.label}
            value={link.value}
            copied={copied === link.key}
            onCopy={() => {
              onUse();
              void copy(link.key, link.value);
            }}
          />
        ))}
        <div className="flex flex-wrap gap-2 border-t pt-4">
          <a href={routes.player(videoId)} target="_blank" rel="noreferrer" onClick={onUse} className={buttonVariants()}>
            <Play aria-hidden="true" />
            Start Interactive Session
            {NEW_TAB}
          </a>
          <a href={routes.editQuestions(videoId)} target="_blank" rel="noreferrer" className={buttonVariants({ variant: 'outline' })}>
            <Pencil aria-hidden="true" />
            Edit Questions
            {NEW_TAB}
          </a>
        </div>
        <div className="flex flex-wrap gap-2">
          {open.map((item) => (
            <a key={item.label} href={item.to} target="_blank" rel="noreferrer" onClick={onUse} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
              <item.icon aria-hidden="true" />
              {item.label}
              <ExternalLink className="size-3.5 opacity-60" aria-hidden="true" />
              {NEW_TAB}
            </a>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
