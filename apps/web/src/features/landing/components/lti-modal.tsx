import { lazy, Suspense, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Info } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { routes } from '../../../app/routes';

const loadLtiDialog = () => import('./lti-dialog');
const LtiDialog = lazy(loadLtiDialog);

/** The "What is LTI?" button; its dialog's code is fetched on first hover, focus or click, not with the page. */
export function LtiModal() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const navigate = useNavigate();
  const button = useRef<HTMLButtonElement>(null);

  function startTrial() {
    setOpen(false);
    navigate(routes.signUp);
  }

  return (
    <>
      <Button
        ref={button}
        variant="outline"
        size="lg"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadLtiDialog()}
        onFocus={() => void loadLtiDialog()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Info aria-hidden="true" />
        What is LTI? Learn More
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <LtiDialog open={open} onOpenChange={setOpen} onStartTrial={startTrial} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
