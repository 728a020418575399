import { Link } from '@tanstack/react-router';
import { TasksSidebar } from '../../features/tasks/components/sidebar/tasks-sidebar';
import { navItems } from './nav-items';

export function NavList({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      <nav aria-label="Main">
        <ul className="grid gap-1">
          {navItems.map((item) => {
            const Icon = item.icon;
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={onNavigate}
                  activeOptions={{ exact: item.isExact ?? false }}
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
      <TasksSidebar onNavigate={onNavigate} />
    </>
  );
}
