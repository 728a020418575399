import {
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { findWithinFrames, nextFrame } from '../../../../lib/frames';

/** A press on a card made before the drag code had loaded, replayed once it has. */
type PendingPress = {
  taskId: string;
  pointerId: number;
  pointerType: string;
  start: { x: number; y: number };
  last: { x: number; y: number };
  isReleased: boolean;
};

/** The focused element, found again by its place among the board's focusable elements. */
type FocusMark = { index: number; label: string | null };

const focusableSelector = 'a[href], button, input, textarea, select, [tabindex]';
const startKeys = new Set(['Space', 'Enter']);

/** A card's drag grip: the library marks it with a role description, and so do the static parts. */
function findGrip(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element
    ? target.closest<HTMLElement>('[data-task-id] [aria-roledescription]')
    : null;
}

/**
 * The card a press on `target` would start dragging: anywhere on a card but its own controls (the
 * checkbox, the title's link, the menu), which keep their clicks.
 */
function findDragStart(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const card = target.closest<HTMLElement>('[data-task-id]');
  if (!card) return null;
  const control = target.closest(focusableSelector);
  return control && card.contains(control) && !control.hasAttribute('aria-roledescription') ? null : card;
}

function findFocusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(focusableSelector)];
}

/** A key pressed before the drag code could hear it, played on the grip that now can. */
function pressKeyOn(grip: HTMLElement, key: { code: string; key: string }) {
  grip.dispatchEvent(
    new window.KeyboardEvent('keydown', { key: key.key, code: key.code, bubbles: true, cancelable: true }),
  );
}

function pointerEvent(type: string, press: PendingPress, at: { x: number; y: number }) {
  return new window.PointerEvent(type, {
    bubbles: true,
    cancelable: true,
    composed: true,
    pointerId: press.pointerId,
    pointerType: press.pointerType,
    isPrimary: true,
    button: 0,
    buttons: type === 'pointerup' ? 0 : 1,
    clientX: at.x,
    clientY: at.y,
  });
}

/**
 * The drag-and-drop layer of a board, loaded when a drag may begin (a press on a card, a pointer over
 * or focus on a grip), so reading a board never downloads it. The board renders with static parts until
 * then; the press or key that started a drag before the layer arrived is played again once it has, and
 * focus stays on the same control though the cards were rendered anew.
 */
export function useLazyDragLayer<Layer>(load: () => Promise<Layer>) {
  const [layer, setLayer] = useState<Layer>();
  const containerRef = useRef<HTMLDivElement>(null);
  const isRequested = useRef(false);
  const focusMark = useRef<FocusMark>(undefined);
  const pendingPress = useRef<PendingPress>(undefined);
  const pendingKey = useRef<{ taskId: string; code: string; key: string }>(undefined);

  const request = useCallback(() => {
    if (isRequested.current) return;
    isRequested.current = true;
    load().then(
      (loaded) => {
        const container = containerRef.current;
        const active = document.activeElement;
        if (container && active instanceof HTMLElement && container.contains(active)) {
          focusMark.current = {
            index: findFocusables(container).indexOf(active),
            label: active.getAttribute('aria-label'),
          };
        }
        setLayer(() => loaded);
      },
      (error: unknown) => {
        // A failed download (a new version deployed, the network gone) is tried again by the next approach.
        isRequested.current = false;
        console.error('The drag and drop could not be loaded', error);
      },
    );
  }, [load]);

  // A press held over a card while the layer loads: its moves and release are followed, to replay them.
  useEffect(() => {
    if (layer) return;
    const follow = (event: globalThis.PointerEvent) => {
      const press = pendingPress.current;
      if (!press || event.pointerId !== press.pointerId) return;
      press.last = { x: event.clientX, y: event.clientY };
      if (event.type !== 'pointermove') press.isReleased = true;
    };
    window.addEventListener('pointermove', follow, true);
    window.addEventListener('pointerup', follow, true);
    window.addEventListener('pointercancel', follow, true);
    return () => {
      window.removeEventListener('pointermove', follow, true);
      window.removeEventListener('pointerup', follow, true);
      window.removeEventListener('pointercancel', follow, true);
    };
  }, [layer]);

  useEffect(() => {
    if (!layer) return;
    let isCancelled = false;
    const container = containerRef.current;
    const mark = focusMark.current;
    const press = pendingPress.current;
    const key = pendingKey.current;
    focusMark.current = undefined;
    pendingPress.current = undefined;
    pendingKey.current = undefined;
    if (!container) return;
    // While the cards render anew, the focused control is gone and keys go to the page: a start key
    // pressed then is kept, to be played on the control once focus is back on it.
    let lostKey: { code: string; key: string } | undefined;
    const keepLostKey = (event: globalThis.KeyboardEvent) => {
      if (!startKeys.has(event.code) || (event.target instanceof Node && container.contains(event.target)))
        return;
      event.preventDefault();
      lostKey = { code: event.code, key: event.key };
    };
    if (mark && mark.index >= 0) window.addEventListener('keydown', keepLostKey, true);
    const stopKeepingKeys = () => window.removeEventListener('keydown', keepLostKey, true);
    void (async () => {
      if (mark && mark.index >= 0) {
        const target = await findWithinFrames(() => {
          const candidate = findFocusables(container)[mark.index];
          return candidate && candidate.getAttribute('aria-label') === mark.label ? candidate : undefined;
        });
        stopKeepingKeys();
        if (!isCancelled && target && !container.contains(document.activeElement)) target.focus();
        if (!isCancelled && target && lostKey && !key && findGrip(target) === target)
          pressKeyOn(target, lostKey);
      }
      if (key) {
        const grip = await findWithinFrames(() =>
          container.querySelector<HTMLElement>(`[data-task-id="${key.taskId}"] [aria-roledescription]`),
        );
        if (isCancelled || !grip) return;
        grip.focus();
        pressKeyOn(grip, key);
      }
      if (press && !(press.isReleased && press.start.x === press.last.x && press.start.y === press.last.y)) {
        const card = await findWithinFrames(() =>
          container.querySelector<HTMLElement>(`[data-task-id="${press.taskId}"]`),
        );
        if (isCancelled || !card) return;
        card.dispatchEvent(pointerEvent('pointerdown', press, press.start));
        await nextFrame();
        // The drag starts once the pointer has moved; the library then measures where cards can drop.
        document.dispatchEvent(pointerEvent('pointermove', press, press.last));
        await nextFrame();
        await nextFrame();
        document.dispatchEvent(
          pointerEvent('pointermove', press, { x: press.last.x + 1, y: press.last.y + 1 }),
        );
        await nextFrame();
        if (press.isReleased) document.dispatchEvent(pointerEvent('pointerup', press, press.last));
      }
    })();
    return () => {
      isCancelled = true;
      stopKeepingKeys();
    };
  }, [layer]);

  /** Handlers for the board's outer element, with `ref`. */
  const triggers = {
    ref: containerRef,
    // Hovering or focusing a grip says a drag is coming; nothing else on a card does, so menus and
    // dialogs opened from a card are never closed by the cards rendering anew.
    onPointerOverCapture: (event: PointerEvent) => {
      if (findGrip(event.target)) request();
    },
    onFocusCapture: (event: FocusEvent) => {
      if (findGrip(event.target)) request();
    },
    onPointerDownCapture: (event: PointerEvent) => {
      const card = findDragStart(event.target);
      if (!card) return;
      request();
      if (layer || !event.isPrimary || event.button !== 0 || !card.dataset.taskId) return;
      const at = { x: event.clientX, y: event.clientY };
      pendingPress.current = {
        taskId: card.dataset.taskId,
        pointerId: event.pointerId,
        pointerType: event.pointerType,
        start: at,
        last: at,
        isReleased: false,
      };
    },
    onKeyDownCapture: (event: KeyboardEvent) => {
      const grip = findGrip(event.target);
      if (!grip) return;
      request();
      const taskId = grip.closest<HTMLElement>('[data-task-id]')?.dataset.taskId;
      if (layer || !startKeys.has(event.code) || !taskId) return;
      event.preventDefault();
      pendingKey.current = { taskId, code: event.code, key: event.key };
    },
  };

  return { layer, triggers };
}
