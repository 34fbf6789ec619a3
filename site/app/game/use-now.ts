// A clock for count-downs: the current time, refreshed every `intervalMs` while `running`.
import { useEffect, useState } from 'react';

export function useNow(running: boolean, intervalMs = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [running, intervalMs]);
  return now;
}
