import { HouseIcon, type LucideIcon, UserRoundIcon } from 'lucide-react';
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
  { to: '/', label: 'Home', icon: HouseIcon, isExact: true },
  { to: '/profile', label: 'Profile', icon: UserRoundIcon },
];
