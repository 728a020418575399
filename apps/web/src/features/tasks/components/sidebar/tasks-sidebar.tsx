import { Link } from '@tanstack/react-router';
import { ArchiveIcon, Trash2Icon } from 'lucide-react';
import { ListsNav } from './lists-nav';
import { sidebarLinkClassName } from './sidebar-parts';
import { SmartViewsNav } from './smart-views-nav';

/** The tasks part of the sidebar: smart views, lists, then archive and trash. */
export function TasksSidebar({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className="grid gap-5">
      <SmartViewsNav onNavigate={onNavigate} />
      <ListsNav onNavigate={onNavigate} />
      <nav aria-label="Put away" className="grid gap-0.5">
        <Link to="/archive" onClick={onNavigate} className={sidebarLinkClassName}>
          <ArchiveIcon className="size-4 shrink-0" aria-hidden />
          Archive
        </Link>
        <Link to="/trash" onClick={onNavigate} className={sidebarLinkClassName}>
          <Trash2Icon className="size-4 shrink-0" aria-hidden />
          Trash
        </Link>
      </nav>
    </div>
  );
}
