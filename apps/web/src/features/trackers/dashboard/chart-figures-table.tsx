import { cn } from '../../../lib/cn';
import type { FiguresTable, PointLink } from './chart-figures';

interface ChartFiguresTableProps {
  id: string;
  caption: string;
  table: FiguresTable;
  /** Shown in the card instead of the chart; otherwise there for screen readers only. */
  isShown: boolean;
  /** Opens a row's log, for rows that are one log: the keyboard's way to what a click on a point does. */
  onOpenLog: (link: PointLink) => void;
}

/**
 * A chart's figures as a table: always there for screen readers, and shown in the card for whoever
 * prefers reading numbers to hovering over points.
 */
export function ChartFiguresTable({ id, caption, table, isShown, onOpenLog }: ChartFiguresTableProps) {
  const [first, ...rest] = table.columns;
  return (
    <div id={id} className={cn(isShown ? 'min-h-0 flex-1 overflow-auto' : 'sr-only')}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-card">
          <tr className="border-b text-muted-foreground">
            <th scope="col" className="px-2 py-1.5 text-left font-medium">
              {first}
            </th>
            {rest.map((column) => (
              <th key={column} scope="col" className="px-2 py-1.5 text-right font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => {
            const [head, ...cells] = row.cells;
            return (
              <tr key={row.key} className="border-b last:border-b-0">
                <th scope="row" className="px-2 py-1.5 text-left font-normal">
                  {isShown && row.link ? (
                    <button
                      type="button"
                      className="rounded-sm text-left underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                      onClick={() => row.link && onOpenLog(row.link)}
                    >
                      {head}
                    </button>
                  ) : (
                    head
                  )}
                </th>
                {cells.map((cell, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells follow the table's columns.
                  <td key={index} className="px-2 py-1.5 text-right tabular-nums">
                    {cell}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
