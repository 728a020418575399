import { useEffect, useRef } from 'react';

/** Fields that take text: a letter typed there is text, never a shortcut. */
const TYPING_SELECTOR = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';

/** Whether a key press is a bare letter meant for the page (no field, no open dialog, no chord). */
export function isPagePress(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.repeat) return false;
  if (event.ctrlKey || event.altKey || event.metaKey) return false;
  const target = event.target;
  if (target instanceof Element && target.closest(TYPING_SELECTOR)) return false;
  return !document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]');
}

/**
 * Single-letter shortcuts for a card's buttons ("d" for Done), listened for on the whole page while
 * `isEnabled`. Letters are matched whatever their case.
 */
export function useCardShortcuts(handlers: Readonly<Record<string, () => void>>, isEnabled: boolean) {
  // The latest handlers, without re-adding the listener each render.
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (!isEnabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPagePress(event)) return;
      const handler = latest.current[event.key.toLowerCase()];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isEnabled]);
}
