import { Link } from '@tanstack/react-router';
import { Button } from '../ui/button';

export function NotFound() {
  return (
    <div className="flex min-h-[60dvh] flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">Page Not Found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild variant="outline">
        <Link to="/">Go to the home page</Link>
      </Button>
    </div>
  );
}
