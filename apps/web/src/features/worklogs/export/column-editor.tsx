import type { CsvColumnConfig } from '@cairn/contracts/worklogs';
import { RotateCcwIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { SortableList } from '../../../components/ui/sortable-list';
import { cn } from '../../../lib/cn';
import { findLabelProblem, reorderColumns, resetColumnLabel, updateColumn } from '../utils/export-columns';

interface ColumnEditorProps {
  columns: readonly CsvColumnConfig[];
  onChange: (columns: CsvColumnConfig[]) => void;
  isDisabled?: boolean;
}

/**
 * The export's columns in file order: drag a handle (or press Space on it and use the arrow keys) to
 * reorder, tick to include, type a header to rename, and reset a header to its default.
 */
export function ColumnEditor({ columns, onChange, isDisabled = false }: ColumnEditorProps) {
  const items = columns.map((column) => ({ ...column, id: column.key }));
  return (
    <SortableList
      items={items}
      label="Columns, in file order"
      getTitle={(item) => item.defaultLabel}
      isDisabled={isDisabled}
      onReorder={({ ids }) => onChange(reorderColumns(columns, ids))}
      renderItem={(column, handle) => {
        const problem = findLabelProblem(column.label);
        const errorId = `export-column-${column.key}-error`;
        return (
          <div
            className={cn('flex items-center gap-2 py-1 pr-1', !column.enabled && 'opacity-60')}
            data-testid="export-column"
            data-key={column.key}
          >
            {handle}
            <input
              type="checkbox"
              className="size-4 shrink-0 cursor-pointer accent-primary"
              checked={column.enabled}
              disabled={isDisabled}
              onChange={(event) =>
                onChange(updateColumn(columns, column.key, { enabled: event.target.checked }))
              }
              aria-label={`Include “${column.defaultLabel}”`}
            />
            <div className="grid min-w-0 flex-1">
              <Input
                value={column.label}
                disabled={isDisabled}
                className="h-9"
                maxLength={100}
                aria-label={`Header for “${column.defaultLabel}”`}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? errorId : undefined}
                onChange={(event) =>
                  onChange(updateColumn(columns, column.key, { label: event.target.value }))
                }
              />
              {problem && (
                <span id={errorId} className="text-xs text-destructive">
                  {problem}
                </span>
              )}
            </div>
            <Button
              variant="ghost"
              size="icon"
              className={cn('size-8', column.label === column.defaultLabel && 'invisible')}
              disabled={isDisabled || column.label === column.defaultLabel}
              onClick={() => onChange(resetColumnLabel(columns, column.key))}
              aria-label={`Reset the header of “${column.defaultLabel}”`}
              title={`Back to “${column.defaultLabel}”`}
            >
              <RotateCcwIcon aria-hidden />
            </Button>
          </div>
        );
      }}
    />
  );
}
