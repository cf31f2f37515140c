import { useCallback, useEffect, useState } from 'react';

/**
 * A countdown in whole seconds (the 60 s before another SMS code may be asked for): `start(n)`
 * begins it (`start(0)` ends it); `remaining` is 0 when it is over. Counted from an end time, so a throttled
 * background tab still ends it on time.
 */
export function useCountdown(): [remaining: number, start: (seconds: number) => void] {
  const [end, setEnd] = useState(0);
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (end === 0) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) setEnd(0);
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [end]);

  const start = useCallback((seconds: number) => {
    setRemaining(seconds);
    setEnd(seconds > 0 ? Date.now() + seconds * 1000 : 0);
  }, []);
  return [remaining, start];
}
