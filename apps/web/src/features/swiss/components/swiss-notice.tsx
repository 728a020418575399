import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

interface SwissNoticeProps {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  /** Buttons or links on from here. */
  actions?: ReactNode;
  /** Failures are announced at once; other notices when the screen settles. */
  isAlert?: boolean;
}

/** The swiss screens' empty, finished and failed states, in the card's place. */
export function SwissNotice({ icon, title, children, actions, isAlert = false }: SwissNoticeProps) {
  return (
    <div
      role={isAlert ? 'alert' : 'status'}
      className={cn(
        'grid justify-items-center gap-3 rounded-xl border p-8 text-center sm:p-10 [&>svg]:size-10',
        isAlert
          ? 'border-destructive/30 [&>svg]:text-destructive'
          : 'border-dashed [&>svg]:text-muted-foreground',
      )}
    >
      {icon}
      <h2 className="text-lg font-semibold">{title}</h2>
      {children && <div className="grid max-w-prose gap-2 text-sm text-muted-foreground">{children}</div>}
      {actions && <div className="flex flex-wrap justify-center gap-2">{actions}</div>}
    </div>
  );
}
