import {
  ArrowDownIcon,
  ArrowLeftIcon,
  ArrowRightIcon,
  ArrowUpIcon,
  EllipsisVerticalIcon,
  MoveDiagonalIcon,
  MoveHorizontalIcon,
  MoveVerticalIcon,
  PencilIcon,
  ShrinkIcon,
  Trash2Icon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { DeferredDropdownMenu } from '../../../components/ui/deferred-dropdown-menu';
import {
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from '../../../components/ui/dropdown-menu';
import type { LayoutStep } from './chart-layout';

const layoutSteps: readonly { step: LayoutStep; label: string; icon: ReactNode }[] = [
  { step: 'left', label: 'Move left', icon: <ArrowLeftIcon aria-hidden /> },
  { step: 'right', label: 'Move right', icon: <ArrowRightIcon aria-hidden /> },
  { step: 'up', label: 'Move up', icon: <ArrowUpIcon aria-hidden /> },
  { step: 'down', label: 'Move down', icon: <ArrowDownIcon aria-hidden /> },
  { step: 'wider', label: 'Wider', icon: <MoveHorizontalIcon aria-hidden /> },
  { step: 'narrower', label: 'Narrower', icon: <ShrinkIcon aria-hidden /> },
  { step: 'taller', label: 'Taller', icon: <MoveVerticalIcon aria-hidden /> },
  { step: 'shorter', label: 'Shorter', icon: <MoveDiagonalIcon aria-hidden /> },
];

interface ChartMenuProps {
  chartName: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Moving and resizing from the menu; left out where the grid is a single column (a phone). */
  layout?: {
    canApply: (step: LayoutStep) => boolean;
    onApply: (step: LayoutStep) => void;
  };
}

/** A chart's actions, every one of them reachable from the keyboard, moving and resizing included. */
export function ChartMenu({ chartName, onEdit, onDelete, layout }: ChartMenuProps) {
  return (
    <DeferredDropdownMenu
      trigger={
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Actions for ${chartName}`}>
          <EllipsisVerticalIcon aria-hidden />
        </Button>
      }
    >
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={onEdit}>
          <PencilIcon aria-hidden />
          Edit
        </DropdownMenuItem>
        {layout && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel>Place on the dashboard</DropdownMenuLabel>
            {layoutSteps.map(({ step, label, icon }) => (
              <DropdownMenuItem
                key={step}
                disabled={!layout.canApply(step)}
                // The menu stays open, so several steps in a row need no reopening.
                onSelect={(event) => {
                  event.preventDefault();
                  layout.onApply(step);
                }}
              >
                {icon}
                {label}
              </DropdownMenuItem>
            ))}
          </>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onDelete} className="text-destructive focus:text-destructive">
          <Trash2Icon aria-hidden />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DeferredDropdownMenu>
  );
}
