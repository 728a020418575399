import { Link } from '@tanstack/react-router';
import { MenuIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../ui/button';
import { Logo } from '../ui/logo';
import { Sheet, SheetContent, SheetTrigger } from '../ui/sheet';
import { TooltipProvider } from '../ui/tooltip';
import { NavList, type SidebarSection } from './nav-list';
import { OfflineBanner } from './offline-banner';
import { UserMenu } from './user-menu';

interface AppLayoutProps {
  username: string | undefined;
  email: string | undefined;
  onLogOut: () => void;
  /** Blocks below the main entries, each given by the area that owns it (its lists, its views). */
  sidebarSections?: readonly SidebarSection[];
  /** Keyboard shortcuts of the signed-in screens: components that listen and render their own help. */
  shortcuts?: ReactNode;
  /** Controls every screen shows in the header, before the user menu (the running timer). */
  headerActions?: ReactNode;
  children: ReactNode;
}

function Brand() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md text-lg font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Logo alt="" className="size-7" />
      Cairn
    </Link>
  );
}

/** The frame of every signed-in screen: sidebar (a sheet on phones), header with the user menu, content. */
export function AppLayout({
  username,
  email,
  onLogOut,
  sidebarSections = [],
  shortcuts,
  headerActions,
  children,
}: AppLayoutProps) {
  const [isNavOpen, setIsNavOpen] = useState(false);

  return (
    <TooltipProvider>
      <div className="flex min-h-dvh">
        <a
          href="#content"
          className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2 focus:ring-ring"
        >
          Skip to content
        </a>
        <aside className="sticky top-0 hidden h-dvh w-60 shrink-0 flex-col gap-6 overflow-y-auto border-r bg-sidebar p-4 md:flex">
          <Brand />
          <NavList sections={sidebarSections} />
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/90 px-3 backdrop-blur sm:px-4">
            <Sheet open={isNavOpen} onOpenChange={setIsNavOpen}>
              <SheetTrigger asChild>
                <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open navigation">
                  <MenuIcon aria-hidden />
                </Button>
              </SheetTrigger>
              <SheetContent title="Navigation" className="gap-6 overflow-y-auto p-4">
                <Brand />
                <NavList sections={sidebarSections} onNavigate={() => setIsNavOpen(false)} />
              </SheetContent>
            </Sheet>
            <div className="md:hidden">
              <Brand />
            </div>
            <div className="ml-auto flex items-center gap-1 sm:gap-2">
              {headerActions}
              <UserMenu username={username} email={email} onLogOut={onLogOut} />
            </div>
          </header>
          <OfflineBanner />
          <main
            id="content"
            tabIndex={-1}
            className="flex min-w-0 flex-1 flex-col p-4 outline-none sm:p-6 lg:p-8"
          >
            {children}
          </main>
          {shortcuts}
        </div>
      </div>
    </TooltipProvider>
  );
}
