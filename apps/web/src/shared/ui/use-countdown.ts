import { useEffect, useState } from 'react';

/**
 * Whole seconds left until a moment, ticking once a second. Driven by `setInterval` and
 * `Date.now`, so tests move it with fake timers.
 */
export function useCountdown() {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) clearInterval(timer);
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, [endsAt]);

  return {
    seconds: Math.max(0, Math.ceil((endsAt - now) / 1000)),
    /** Starts over from `seconds`, replacing whatever was left. */
    start: (seconds: number) => {
      const current = Date.now();
      setNow(current);
      setEndsAt(current + seconds * 1000);
    },
  };
}
