import type { DefaultView } from '@cairn/contracts/task-manager-config';
import type { FileRouteTypes } from '../../../routeTree.gen';

export const defaultViewLabels: Record<DefaultView, { label: string; description: string }> = {
  kanban: { label: 'Kanban', description: 'Columns you move tasks across as they progress.' },
  'classic-list': { label: 'Classic list', description: 'One list, sorted by what is due first.' },
  'importance-grid': {
    label: 'Importance grid',
    description: 'Urgency against importance, in nine cells (3 × 3).',
  },
};

/** Where / sends a user whose default view is set (spec section 2). */
export const defaultViewPaths: Partial<Record<DefaultView, FileRouteTypes['to']>> = {
  kanban: '/kanban',
  'classic-list': '/classic-list',
  'importance-grid': '/importance-grid',
};
