import { Columns3Icon, Grid3x3Icon, HouseIcon, ListIcon, type LucideIcon, UserRoundIcon } from 'lucide-react';
import type { FileRouteTypes } from '../../routeTree.gen';

export interface NavItem {
  to: FileRouteTypes['to'];
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path, not below it. */
  isExact?: boolean;
  /** Other exact paths that show the same page, where the entry is active too. */
  alsoActiveOn?: readonly string[];
}

/** The sidebar, top to bottom: each area adds its entry here together with its screen. */
export const navItems: readonly NavItem[] = [
  // / shows the home page too while no default view is chosen (spec section 2).
  { to: '/start', label: 'Home', icon: HouseIcon, isExact: true, alsoActiveOn: ['/'] },
  { to: '/kanban', label: 'Kanban', icon: Columns3Icon },
  { to: '/classic-list', label: 'Classic list', icon: ListIcon },
  { to: '/importance-grid', label: 'Importance grid', icon: Grid3x3Icon },
  { to: '/profile', label: 'Profile', icon: UserRoundIcon },
];
