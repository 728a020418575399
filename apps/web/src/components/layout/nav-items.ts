import { Columns3Icon, Grid3x3Icon, HouseIcon, ListIcon, type LucideIcon, UserRoundIcon } from 'lucide-react';
import type { FileRouteTypes } from '../../routeTree.gen';

export interface NavItem {
  to: FileRouteTypes['to'];
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path, not below it. */
  isExact?: boolean;
}

/** The sidebar, top to bottom: each area adds its entry here together with its screen. */
export const navItems: readonly NavItem[] = [
  { to: '/start', label: 'Home', icon: HouseIcon, isExact: true },
  { to: '/kanban', label: 'Kanban', icon: Columns3Icon },
  { to: '/classic-list', label: 'Classic list', icon: ListIcon },
  { to: '/importance-grid', label: 'Importance grid', icon: Grid3x3Icon },
  { to: '/profile', label: 'Profile', icon: UserRoundIcon },
];
