import { cn } from '../../lib/cn';
import { Logo } from '../ui/logo';

/** Spec section 2: loading shows the logo, centred. */
export function LoadingScreen({ isFullScreen = true }: { isFullScreen?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex items-center justify-center p-6', isFullScreen ? 'min-h-dvh' : 'min-h-64 flex-1')}
    >
      <Logo alt="Loading" className="size-12 motion-safe:animate-pulse" />
    </div>
  );
}
