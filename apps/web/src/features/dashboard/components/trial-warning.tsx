import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AlertTriangle, Check, Crown } from 'lucide-react';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { routes } from '../../../app/routes';

export const TRIAL_WARNING_DAYS = 3;

export const PREMIUM_FEATURES = [
  'Unlimited interactive videos',
  'AI-powered video generation',
  'VR-compatible content',
  'Advanced analytics',
  'Priority support',
] as const;

export function UpgradeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Crown className="size-5 text-primary" aria-hidden="true" />
            Upgrade to Premium
          </DialogTitle>
          <DialogDescription>Keep creating after your trial with everything VeoLearn offers:</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2 text-sm">
          {PREMIUM_FEATURES.map((feature) => (
            <li key={feature} className="flex items-center gap-2">
              <Check className="size-4 text-success" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Maybe later
          </Button>
          <Link to={routes.subscribe} className={buttonVariants()}>
            Subscribe Now
          </Link>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function TrialWarning({ daysLeft }: { daysLeft: number }) {
  const [open, setOpen] = useState(false);
  return (
    <Card role="region" aria-label="Trial ending" className="border-amber-300 bg-amber-50 dark:bg-amber-950/30">
      <CardContent className="flex flex-wrap items-center justify-between gap-4 p-4">
        <div className="flex items-start gap-3">
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
          <div>
            <p className="font-semibold">
              {daysLeft === 0
                ? 'Your free trial has ended'
                : `Your free trial ends in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`}
            </p>
            <p className="text-sm text-muted-foreground">
              Upgrade to keep creating interactive videos and unlock export and LMS integration.
            </p>
          </div>
        </div>
        <Button onClick={() => setOpen(true)}>Upgrade Now</Button>
      </CardContent>
      <UpgradeDialog open={open} onOpenChange={setOpen} />
    </Card>
  );
}
