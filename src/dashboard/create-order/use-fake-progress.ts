import { useEffect, useState } from 'react';
import { FAKE_PROGRESS_CAP, FAKE_PROGRESS_STEP_MS, STATUS_COUNT, TICKS_PER_STATUS, fakeProgressAt, statusIndexAt } from './fake-progress';

const SETTLED_AT = STATUS_COUNT * TICKS_PER_STATUS;

/** Ticks every 300 ms while `active`; once the bar and the messages have settled, ticks stop changing. */
export function useFakeProgress(active: boolean): { value: number; statusIndex: number } {
  const [ticks, setTicks] = useState(0);
  useEffect(() => {
    if (!active) return;
    setTicks(0);
    const id = setInterval(() => setTicks((n) => (n >= SETTLED_AT && fakeProgressAt(n) >= FAKE_PROGRESS_CAP ? n : n + 1)), FAKE_PROGRESS_STEP_MS);
    return () => clearInterval(id);
  }, [active]);
  return { value: fakeProgressAt(ticks), statusIndex: statusIndexAt(ticks) };
}
