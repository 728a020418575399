import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  isTypingTarget,
  matchShortcut,
  SEQUENCE_TIMEOUT_MS,
  type ShortcutId,
  shortcutKeyOf,
} from '../../utils/shortcuts';
import { ShortcutHelpDialog } from './shortcut-help-dialog';

// Quick add reads dates with chrono-node: loaded on first use, so the start-up code stays small.
const QuickAddDialog = lazy(() =>
  import('../../quick-add/quick-add-dialog').then((module) => ({ default: module.QuickAddDialog })),
);

/** Focuses (or opens) the element a screen marks for a shortcut; false when the screen has none. */
function activateTarget(name: 'new-task' | 'search'): boolean {
  const target = document.querySelector<HTMLElement>(`[data-shortcut-target="${name}"]`);
  if (!target) return false;
  if (target instanceof HTMLButtonElement) target.click();
  else target.focus();
  return true;
}

/** Ticks the task holding the focus: its row, card or anything inside it. */
function completeFocusedTask() {
  const holder = document.activeElement?.closest('[data-task-id]');
  holder?.querySelector<HTMLElement>('button[role="checkbox"]')?.click();
}

/**
 * The task screens' keyboard shortcuts, listened for on the whole page. Never while typing in a field
 * or while a dialog is open, and never for chords with Ctrl, Alt or Meta.
 */
export function TaskShortcuts() {
  const navigate = useNavigate();
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  const [isQuickAddOpen, setIsQuickAddOpen] = useState(false);
  const typed = useRef<{ keys: string[]; at: number }>({ keys: [], at: 0 });

  useEffect(() => {
    const run = (id: ShortcutId) => {
      switch (id) {
        case 'help':
          setIsHelpOpen(true);
          break;
        case 'quick-add':
          setIsQuickAddOpen(true);
          break;
        case 'new-task':
          if (!activateTarget('new-task')) void navigate({ to: '/classic-list' });
          break;
        case 'search':
          activateTarget('search');
          break;
        case 'complete-task':
          completeFocusedTask();
          break;
        case 'go-kanban':
          void navigate({ to: '/kanban' });
          break;
        case 'go-classic-list':
          void navigate({ to: '/classic-list' });
          break;
        case 'go-importance-grid':
          void navigate({ to: '/importance-grid' });
          break;
      }
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || isTypingTarget(event.target)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]')) return;
      const key = shortcutKeyOf(event);
      if (!key) return;
      const now = Date.now();
      const previous = now - typed.current.at < SEQUENCE_TIMEOUT_MS ? typed.current.keys : [];
      let keys = [...previous, key];
      let match = matchShortcut(keys);
      if (match.type === 'none' && previous.length > 0) {
        // A broken sequence ("g" then "n") still lets the last key act on its own.
        keys = [key];
        match = matchShortcut(keys);
      }
      typed.current = { keys: match.type === 'prefix' ? keys : [], at: now };
      if (match.type === 'none') return;
      event.preventDefault();
      if (match.type === 'match') run(match.shortcut.id);
    };

    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate]);

  return (
    <>
      <ShortcutHelpDialog isOpen={isHelpOpen} onOpenChange={setIsHelpOpen} />
      {isQuickAddOpen && (
        <Suspense fallback={null}>
          <QuickAddDialog isOpen onOpenChange={setIsQuickAddOpen} />
        </Suspense>
      )}
    </>
  );
}
