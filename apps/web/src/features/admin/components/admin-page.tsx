import { Link } from '@tanstack/react-router';
import { ClockIcon, CoinsIcon, type LucideIcon, TriangleAlertIcon, UsersIcon } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { type AdminSearch, type AdminTab, adminTabLabels, adminTabs } from '../utils/admin-search';
import { CurrencyRatesPanel } from './currency-rates-panel';
import { ErrorReportsPanel } from './error-reports-panel';
import { JobsPanel } from './jobs-panel';
import { UsersPanel } from './users-panel';

const tabIcons: Record<AdminTab, LucideIcon> = {
  users: UsersIcon,
  errors: TriangleAlertIcon,
  jobs: ClockIcon,
  rates: CoinsIcon,
};

const linkClassName =
  '-mb-px flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset';

/** On a phone the strip scrolls sideways; the current section's tab is brought into view. */
function revealTab(link: HTMLAnchorElement | null) {
  link?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

interface AdminPageProps {
  search: AdminSearch;
  onSearchTextChange: (text: string) => void;
}

/** The instance's administration: accounts, error reports, background jobs and exchange rates. */
export function AdminPage({ search, onSearchTextChange }: AdminPageProps) {
  const current = search.tab ?? 'users';
  return (
    <div className="mx-auto grid w-full max-w-6xl min-w-0 gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">Admin</h1>
        <p className="text-muted-foreground">Accounts, error reports, background jobs and exchange rates.</p>
      </header>
      {/* Links, not buttons: each section has its own address to bookmark and go back to. */}
      <nav
        aria-label="Admin sections"
        className="-mx-4 overflow-x-auto border-b px-4 [scrollbar-width:none] sm:mx-0 sm:px-0"
      >
        <ul className="flex gap-1">
          {adminTabs.map((tab) => {
            const Icon = tabIcons[tab];
            const isCurrent = tab === current;
            return (
              <li key={tab}>
                <Link
                  to="/admin"
                  // The users search comes along, so going back to Users finds it again.
                  search={{ search: search.search, tab: tab === 'users' ? undefined : tab }}
                  ref={isCurrent ? revealTab : undefined}
                  aria-current={isCurrent ? 'page' : undefined}
                  className={cn(
                    linkClassName,
                    isCurrent
                      ? 'border-primary text-foreground'
                      : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
                  )}
                >
                  <Icon className="size-4" aria-hidden />
                  {adminTabLabels[tab]}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <section aria-labelledby="admin-section-heading" className="grid min-w-0 gap-4">
        <h2 id="admin-section-heading" className="text-lg font-semibold">
          {adminTabLabels[current]}
        </h2>
        {current === 'users' && (
          <UsersPanel searchText={search.search} onSearchTextChange={onSearchTextChange} />
        )}
        {current === 'errors' && <ErrorReportsPanel />}
        {current === 'jobs' && <JobsPanel />}
        {current === 'rates' && <CurrencyRatesPanel />}
      </section>
    </div>
  );
}
