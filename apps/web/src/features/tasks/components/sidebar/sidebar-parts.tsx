import type { ComponentProps } from 'react';
import { cn } from '../../../../lib/cn';

export const sidebarLinkClassName =
  'flex items-center gap-2.5 rounded-md px-3 py-1.5 text-sm text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring data-[status=active]:bg-accent data-[status=active]:font-medium data-[status=active]:text-accent-foreground';

export function SidebarHeading({ className, ...props }: ComponentProps<'h2'>) {
  return (
    <h2
      className={cn('px-3 text-xs font-semibold tracking-wide text-muted-foreground/80 uppercase', className)}
      {...props}
    />
  );
}
