import { Link, useRouterState } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { useCurrentUser } from '../../lib/current-user';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';
import { navItems } from './nav-items';

export interface SidebarSectionProps {
  /** Called when one of the section's links is followed, so the phone's navigation sheet can close. */
  onNavigate?: () => void;
}

/** A block of the sidebar owned by one area, below the main entries. */
export interface SidebarSection {
  id: string;
  Component: ComponentType<SidebarSectionProps>;
}

export function NavList({
  sections,
  onNavigate,
}: {
  sections: readonly SidebarSection[];
  onNavigate?: () => void;
}) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const isAdmin = useCurrentUser().data?.isAdmin === true;
  const items = isAdmin ? navItems : navItems.filter((item) => !item.isAdminOnly);
  // The areas' blocks (dozens of lists, each with its menu) render once the screen has painted.
  const areSectionsShown = useAfterFirstPaint();
  return (
    <>
      <nav aria-label="Main">
        <ul className="grid gap-1">
          {items.map((item) => {
            const Icon = item.icon;
            const isAlsoActive = item.alsoActiveOn?.includes(pathname) ?? false;
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={onNavigate}
                  activeOptions={{ exact: item.isExact ?? false }}
                  {...(isAlsoActive && { 'data-status': 'active', 'aria-current': 'page' as const })}
                  className="flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring data-[status=active]:bg-accent data-[status=active]:text-accent-foreground"
                >
                  <Icon className="size-4 shrink-0" aria-hidden />
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {areSectionsShown &&
        sections.map(({ id, Component }) => <Component key={id} onNavigate={onNavigate} />)}
    </>
  );
}
