// A clock for count-downs: the current time, refreshed every `intervalMs` while `running`.
import { useEffect, useState } from 'react';

export function useNow(running: boolean, intervalMs = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const tick = () => setNow(Date.now());
    // At once (the clock may have stood still while not running), then every intervalMs.
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, intervalMs);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [running, intervalMs]);
  return now;
}
