import {
  ActivityIcon,
  CheeseIcon,
  Columns3Icon,
  DicesIcon,
  GiftIcon,
  Grid3x3Icon,
  HouseIcon,
  LayoutDashboardIcon,
  ListIcon,
  type LucideIcon,
  NotebookPenIcon,
  ShieldIcon,
  SlidersHorizontalIcon,
  TimerIcon,
  UserRoundIcon,
  WalletIcon,
} from 'lucide-react';
import type { FileRouteTypes } from '../../routeTree.gen';

export interface NavItem {
  to: FileRouteTypes['to'];
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path, not below it. */
  isExact?: boolean;
  /** Other exact paths that show the same page, where the entry is active too. */
  alsoActiveOn?: readonly string[];
  /** Shown only to administrators (the page itself answers Not Found to everyone else). */
  isAdminOnly?: boolean;
}

/** The sidebar, top to bottom: each area adds its entry here together with its screen. */
export const navItems: readonly NavItem[] = [
  // / shows the home page too while no default view is chosen (spec section 2).
  { to: '/start', label: 'Home', icon: HouseIcon, isExact: true, alsoActiveOn: ['/'] },
  { to: '/kanban', label: 'Kanban', icon: Columns3Icon },
  { to: '/classic-list', label: 'Classic list', icon: ListIcon },
  { to: '/importance-grid', label: 'Importance grid', icon: Grid3x3Icon },
  { to: '/swiss', label: 'Swiss cheese', icon: CheeseIcon },
  { to: '/swiss-random', label: 'Random task', icon: DicesIcon },
  { to: '/rewards', label: 'Rewards', icon: GiftIcon },
  { to: '/notebook', label: 'Notebook', icon: NotebookPenIcon },
  { to: '/money-flow-tracker', label: 'Money', icon: WalletIcon },
  { to: '/worklogs', label: 'Work log', icon: TimerIcon },
  { to: '/trackers', label: 'Trackers', icon: ActivityIcon },
  { to: '/tracker-dashboard', label: 'Dashboard', icon: LayoutDashboardIcon },
  { to: '/settings/tasks', label: 'Task settings', icon: SlidersHorizontalIcon },
  { to: '/profile', label: 'Profile', icon: UserRoundIcon },
  { to: '/admin', label: 'Admin', icon: ShieldIcon, isAdminOnly: true },
];
