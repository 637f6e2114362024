import { Link } from 'react-router-dom';
import { Check, Glasses, Globe, Hand, Headset, Wifi } from 'lucide-react';
import { buttonVariants } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { routes } from '../../../app/routes';

const REQUIREMENTS = [
  { icon: Headset, text: 'A WebXR-compatible headset (for example Meta Quest)' },
  { icon: Hand, text: 'Hand-tracking or motion controllers' },
  { icon: Globe, text: 'Chrome or Firefox (a WebXR-enabled browser)' },
  { icon: Wifi, text: 'A stable internet connection' },
];

const FEATURES = [
  { title: '360° lessons', text: 'Play YouTube VR videos all around the learner, in the headset or in the browser.' },
  { title: 'Questions in the scene', text: 'Quiz overlays pause the video at the right moment and wait for an answer.' },
  { title: 'Same analytics', text: 'Answers given in VR count towards your video analytics like any other.' },
];

export function VrTab() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Glasses className="size-5 text-primary" aria-hidden="true" />
            VR Learning
          </CardTitle>
          <CardDescription>Immersive interactive lessons for WebXR headsets.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ul className="grid gap-3">
            {FEATURES.map((f) => (
              <li key={f.title}>
                <p className="font-medium">{f.title}</p>
                <p className="text-sm text-muted-foreground">{f.text}</p>
              </li>
            ))}
          </ul>
          <Link to={routes.vrLearning} className={buttonVariants({ className: 'w-fit' })}>
            Browse VR content
          </Link>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Requirements</CardTitle>
          <CardDescription>What learners need to watch in VR.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3" aria-label="VR requirements">
            {REQUIREMENTS.map((r) => (
              <li key={r.text} className="flex items-center gap-3 text-sm">
                <r.icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
                {r.text}
                <Check className="ml-auto size-4 text-muted-foreground" aria-hidden="true" />
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
