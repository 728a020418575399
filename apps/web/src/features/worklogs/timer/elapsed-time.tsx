import { useEffect, useState } from 'react';
import { formatElapsed } from '../utils/clock';

/** The time since `since`, ticking each second on this element alone (the page around it stays still). */
export function ElapsedTime({ since, className }: { since: Date; className?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const interval = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(interval);
  }, []);
  return (
    <time dateTime={since.toISOString()} className={className} data-testid="worklog-timer-elapsed">
      {formatElapsed(now - since.getTime())}
    </time>
  );
}
