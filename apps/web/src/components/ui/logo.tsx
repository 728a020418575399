import type { ComponentProps } from 'react';

/** The mark; its size comes from `className` (size-8 when none is given). */
export function Logo({ className = 'size-8', alt = 'Cairn', ...props }: ComponentProps<'img'>) {
  return <img src="/logo.svg" alt={alt} width={32} height={32} className={className} {...props} />;
}
