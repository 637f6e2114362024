import { useSearchParams } from 'react-router-dom';
import { VrHub, VrSetupGuide } from '../features/vr/components/vr-hub';

/** /vr-learning: the VR hub; `?guide=setup` shows the VR Setup Guide (a page of its own, Back returns). */
export default function VrLearningPage() {
  const [params, setParams] = useSearchParams();
  const guide = params.get('guide') === 'setup';
  return (
    <div className="min-h-screen bg-muted/30">
      {guide ? <VrSetupGuide onDone={() => setParams({})} /> : <VrHub onOpenGuide={() => setParams({ guide: 'setup' })} />}
    </div>
  );
}
