import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function Logo({ className, alt = 'Cairn', ...props }: ComponentProps<'img'>) {
  return (
    <img src="/logo.svg" alt={alt} width={32} height={32} className={cn('size-8', className)} {...props} />
  );
}
