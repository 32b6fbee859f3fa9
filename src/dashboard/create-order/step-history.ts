import { useEffect } from 'react';
import { goToStep, previousStep } from '@/stores/wizard';

/** What a wizard entry of the browser's history holds: its step, and the step it was pushed from. */
interface StepEntry {
  wizardStep: number;
  from?: number;
}

const entry = (): StepEntry | null => {
  const state = history.state as Partial<StepEntry> | null;
  return typeof state?.wizardStep === 'number' ? (state as StepEntry) : null;
};

/** The wizard step this tab's history entry names (after a reload), if any. */
export function historyStep(): number | undefined {
  return entry()?.wizardStep;
}

/**
 * The browser's Back and Forward (a phone's back gesture included) move the wizard one step, as its own
 * buttons do. Each step forward is an entry of the browser's history (same address, the step in
 * `history.state`, which a reload keeps); a step back replaces the entry. `ready` waits for the draft:
 * a reload's entry names the step the draft brings back. `path` is the wizard's address: an entry of
 * another page is left to the router.
 */
export function useStepHistory(step: number, ready: boolean, path: string): void {
  useEffect(() => {
    if (!ready) return;
    const current = entry();
    if (current?.wizardStep === step) return;
    if (current && step > current.wizardStep) history.pushState({ wizardStep: step, from: current.wizardStep } satisfies StepEntry, '');
    else history.replaceState({ wizardStep: step } satisfies StepEntry, '');
  }, [ready, step]);

  useEffect(() => {
    const onPop = () => {
      const current = entry();
      if (current && location.pathname === path) goToStep(current.wizardStep);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [path]);
}

/**
 * The wizard's own Back: the browser's Back when the entry before this one is the previous step, so the
 * two never disagree; otherwise one step back in place. False on the first step.
 */
export function stepBack(step: number): boolean {
  if (step === 0) return false;
  if (entry()?.from === step - 1) history.back();
  else previousStep();
  return true;
}
