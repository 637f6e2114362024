import { Glasses } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { buttonVariants } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { routes } from '../../../app/routes';

export function VrCard({ videoId, questionCount, onUse }: { videoId: number; questionCount: number; onUse: () => void }) {
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0 pb-3">
        <div className="grid gap-1.5">
          <CardTitle as="h2" className="text-base">VR Learning Experience</CardTitle>
          <CardDescription>The same questions as glowing spheres in a 3D scene, for a WebXR headset.</CardDescription>
        </div>
        <Badge variant="secondary" data-testid="vr-question-count">
          {questionCount} {questionCount === 1 ? 'question' : 'questions'}
        </Badge>
      </CardHeader>
      <CardContent>
        <a href={routes.vr(videoId)} target="_blank" rel="noreferrer" onClick={onUse} className={buttonVariants({ variant: 'outline' })}>
          <Glasses aria-hidden="true" />
          Launch VR Experience
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </CardContent>
    </Card>
  );
}
