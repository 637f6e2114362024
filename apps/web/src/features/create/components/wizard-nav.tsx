import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { nextTab, previousTab, WIZARD_TABS, type TabState, type WizardTab } from '../wizard-rules';

/** Previous and Next under the tabs; Next waits for what the current step needs. */
export function WizardNav({ tab, state, onGo }: { tab: WizardTab; state: TabState; onGo: (tab: WizardTab) => void }) {
  const previous = previousTab(tab);
  const next = nextTab(tab, state);
  return (
    <nav aria-label="Wizard steps" className="flex items-center justify-between gap-3 border-t pt-4">
      <Button variant="outline" onClick={() => previous && onGo(previous)} disabled={!previous}>
        <ArrowLeft aria-hidden="true" />
        Previous
      </Button>
      <span className="text-sm text-muted-foreground">
        Step {WIZARD_TABS.indexOf(tab) + 1} of {WIZARD_TABS.length}
      </span>
      <Button onClick={() => next && onGo(next)} disabled={!next}>
        Next
        <ArrowRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
