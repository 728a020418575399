import { TableIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatClock, formatDecimalClock } from '../utils/durations';
import type { ChartBar } from './report-figures';

interface FiguresTableProps {
  caption: string;
  /** What the first column names: "Day", "Project". */
  rowHeader: string;
  bars: readonly ChartBar[];
  /** Shown on the page from the start (a list without a chart), else behind a button. */
  isAlwaysShown?: boolean;
}

/**
 * A chart's figures as a table: always there for screen readers, and shown on the page for whoever
 * prefers reading numbers to hovering over bars.
 */
export function FiguresTable({ caption, rowHeader, bars, isAlwaysShown = false }: FiguresTableProps) {
  const id = useId();
  const [isShown, setIsShown] = useState(isAlwaysShown);
  return (
    <div className="grid gap-2">
      {!isAlwaysShown && (
        <Button
          variant="ghost"
          size="sm"
          className="justify-self-start text-muted-foreground"
          aria-expanded={isShown}
          aria-controls={id}
          onClick={() => setIsShown((shown) => !shown)}
        >
          <TableIcon aria-hidden />
          {isShown ? 'Hide table' : 'Show table'}
        </Button>
      )}
      <div id={id} className={cn(isShown ? 'max-h-96 overflow-auto' : 'sr-only')}>
        <table className="w-full text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b text-muted-foreground">
              <th scope="col" className="px-2 py-1.5 text-left font-medium">
                {rowHeader}
              </th>
              <th scope="col" className="px-2 py-1.5 text-right font-medium">
                Hours
              </th>
              <th scope="col" className="px-2 py-1.5 text-right font-medium">
                With breaks
              </th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.key} className="border-b last:border-b-0">
                <th scope="row" className="px-2 py-1.5 text-left font-normal">
                  {bar.label}
                </th>
                <td className="px-2 py-1.5 text-right tabular-nums">{formatClock(bar.duration)}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">
                  {formatDecimalClock(bar.durationWithBreaks)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
