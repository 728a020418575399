/** Keyboard shortcuts of the task screens: single keys, or two-key sequences such as "g k". */
export interface Shortcut {
  id: ShortcutId;
  keys: readonly string[];
  description: string;
}

export type ShortcutId =
  | 'new-task'
  | 'quick-add'
  | 'complete-task'
  | 'search'
  | 'go-kanban'
  | 'go-classic-list'
  | 'go-importance-grid'
  | 'help';

export const shortcuts: readonly Shortcut[] = [
  { id: 'new-task', keys: ['n'], description: 'New task' },
  { id: 'quick-add', keys: ['q'], description: 'Quick add a task from anywhere' },
  { id: 'complete-task', keys: ['x'], description: 'Complete or reopen the focused task' },
  { id: 'search', keys: ['/'], description: 'Search tasks' },
  { id: 'go-kanban', keys: ['g', 'k'], description: 'Go to the kanban board' },
  { id: 'go-classic-list', keys: ['g', 'l'], description: 'Go to the classic list' },
  { id: 'go-importance-grid', keys: ['g', 'i'], description: 'Go to the importance grid' },
  { id: 'help', keys: ['?'], description: 'Show these shortcuts' },
];

/** How long the second key of a sequence may take. */
export const SEQUENCE_TIMEOUT_MS = 1000;

export type ShortcutMatch = { type: 'match'; shortcut: Shortcut } | { type: 'prefix' } | { type: 'none' };

/** Which shortcut the keys typed so far complete, if any, or whether they may still become one. */
export function matchShortcut(
  typed: readonly string[],
  list: readonly Shortcut[] = shortcuts,
): ShortcutMatch {
  if (typed.length === 0) return { type: 'none' };
  const exact = list.find(
    (shortcut) =>
      shortcut.keys.length === typed.length && shortcut.keys.every((key, at) => key === typed[at]),
  );
  if (exact) return { type: 'match', shortcut: exact };
  const isPrefix = list.some(
    (shortcut) => shortcut.keys.length > typed.length && typed.every((key, at) => shortcut.keys[at] === key),
  );
  return isPrefix ? { type: 'prefix' } : { type: 'none' };
}

/**
 * The key a shortcut sees, or null when the press belongs to something else: a chord with Ctrl, Alt or
 * Meta (browser and system shortcuts), or a key that types no character (arrows, Tab, modifiers).
 */
export function shortcutKeyOf(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey'>,
): string | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  return event.key.length === 1 ? event.key : null;
}

/** Fields that take text; a focused checkbox or button still lets shortcuts through. */
const typingSelector = [
  'input:not([type="checkbox"], [type="radio"], [type="button"], [type="submit"], [type="reset"], [type="range"], [type="color"])',
  'textarea',
  'select',
  '[contenteditable=""]',
  '[contenteditable="true"]',
  '[role="textbox"]',
  '[role="combobox"]',
].join(', ');

/** Typing in a field must never trigger a shortcut. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return target.closest(typingSelector) !== null;
}
