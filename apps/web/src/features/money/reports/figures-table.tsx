import { TableIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

interface FiguresTableProps {
  caption: string;
  /** The first names the row; the rest are figures, aligned right. */
  headers: readonly string[];
  rows: readonly { key: string; cells: readonly string[] }[];
}

/**
 * A chart's figures as a table: always there for screen readers, and shown on the page for whoever
 * prefers to read numbers than to hover over bars.
 */
export function FiguresTable({ caption, headers, rows }: FiguresTableProps) {
  const id = useId();
  const [isShown, setIsShown] = useState(false);
  return (
    <div className="grid gap-2">
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
      <div id={id} className={cn(isShown ? 'overflow-x-auto' : 'sr-only')}>
        <table className="w-full text-xs sm:text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b text-muted-foreground">
              {headers.map((header, index) => (
                <th
                  key={header}
                  scope="col"
                  className={cn(
                    'px-1.5 py-1.5 font-medium sm:px-2',
                    index === 0 ? 'text-left' : 'text-right',
                  )}
                >
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ key, cells }) => (
              <tr key={key} className="border-b last:border-b-0">
                {cells.map((cell, index) =>
                  index === 0 ? (
                    <th
                      key={headers[index]}
                      scope="row"
                      className="px-1.5 py-1.5 text-left font-normal sm:px-2"
                    >
                      {cell}
                    </th>
                  ) : (
                    <td
                      key={headers[index]}
                      className="px-1.5 py-1.5 text-right whitespace-nowrap tabular-nums sm:px-2"
                    >
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
