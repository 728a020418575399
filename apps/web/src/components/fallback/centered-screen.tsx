import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function CenteredScreen({ className, ...props }: ComponentProps<'main'>) {
  return (
    <main
      className={cn('flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center', className)}
      {...props}
    />
  );
}
