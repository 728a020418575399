import { type FocusEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { findWithinFrames, nextFrame } from '../../../lib/frames';
import { DRAG_HANDLE_CLASS } from './chart-card';

type GridLayer = typeof import('./dashboard-grid-layer');

/** A press on a handle made before the grid library had loaded, replayed once it has. */
type PendingPress = {
  chartId: string;
  kind: 'move' | 'resize';
  pointerId: number;
  start: { x: number; y: number };
  last: { x: number; y: number };
  isReleased: boolean;
};

const RESIZE_CORNER = 'data-resize-corner';
const loadLayer = () => import('./dashboard-grid-layer');

/** The handle (move or resize) under `target`, with the chart it belongs to. */
function findHandle(target: EventTarget | null) {
  if (!(target instanceof Element)) return undefined;
  const handle = target.closest<HTMLElement>(`.${DRAG_HANDLE_CLASS}, [${RESIZE_CORNER}]`);
  const chartId = handle?.closest<HTMLElement>('[data-grid-chart-id]')?.dataset.gridChartId;
  if (!handle || !chartId) return undefined;
  return {
    handle,
    chartId,
    kind: handle.hasAttribute(RESIZE_CORNER) ? ('resize' as const) : ('move' as const),
  };
}

function mouseEvent(type: string, at: { x: number; y: number }) {
  return new MouseEvent(type, {
    bubbles: true,
    cancelable: true,
    button: 0,
    buttons: type === 'mouseup' ? 0 : 1,
    clientX: at.x,
    clientY: at.y,
  });
}

/**
 * The grid library, loaded when a pointer comes over or focus comes to a chart's move handle or resize
 * corner, so a dashboard that is only read never downloads it. A press made before it arrived is played
 * again on the grid's own handle once it has, and a focused handle keeps the focus.
 */
export function useLazyGridLayer() {
  const [layer, setLayer] = useState<GridLayer>();
  const containerRef = useRef<HTMLDivElement>(null);
  const isRequested = useRef(false);
  const pendingPress = useRef<PendingPress>(undefined);
  const focusedChartId = useRef<string>(undefined);

  const request = useCallback(() => {
    if (isRequested.current) return;
    isRequested.current = true;
    loadLayer().then(
      (loaded) => {
        const focused = findHandle(document.activeElement);
        focusedChartId.current = focused?.kind === 'move' ? focused.chartId : undefined;
        setLayer(() => loaded);
      },
      (error: unknown) => {
        // A failed download (a new version deployed, the network gone) is tried again by the next approach.
        isRequested.current = false;
        console.error('The dashboard grid could not be loaded', error);
      },
    );
  }, []);

  // A press held on a handle while the library loads: its moves and release are followed, to replay them.
  useEffect(() => {
    if (layer) return;
    const follow = (event: globalThis.PointerEvent) => {
      const press = pendingPress.current;
      if (!press || event.pointerId !== press.pointerId) return;
      press.last = { x: event.clientX, y: event.clientY };
      if (event.type !== 'pointermove') press.isReleased = true;
    };
    for (const type of ['pointermove', 'pointerup', 'pointercancel'])
      window.addEventListener(type, follow as EventListener, true);
    return () => {
      for (const type of ['pointermove', 'pointerup', 'pointercancel'])
        window.removeEventListener(type, follow as EventListener, true);
    };
  }, [layer]);

  useEffect(() => {
    if (!layer) return;
    let isCancelled = false;
    const container = containerRef.current;
    const press = pendingPress.current;
    const chartId = focusedChartId.current;
    pendingPress.current = undefined;
    focusedChartId.current = undefined;
    if (!container) return;
    const handleOf = (id: string, kind: 'move' | 'resize') =>
      container.querySelector<HTMLElement>(
        `[data-grid-chart-id="${id}"] ${kind === 'move' ? `.${DRAG_HANDLE_CLASS}` : '.react-resizable-handle'}`,
      );
    void (async () => {
      if (chartId) {
        const handle = await findWithinFrames(() => handleOf(chartId, 'move'));
        if (!isCancelled && handle && !container.contains(document.activeElement)) handle.focus();
      }
      if (!press || (press.isReleased && press.start.x === press.last.x && press.start.y === press.last.y))
        return;
      const handle = await findWithinFrames(() => handleOf(press.chartId, press.kind));
      if (isCancelled || !handle) return;
      // The grid's handles follow the mouse events a pointer also sends.
      handle.dispatchEvent(mouseEvent('mousedown', press.start));
      await nextFrame();
      document.dispatchEvent(mouseEvent('mousemove', press.last));
      await nextFrame();
      if (press.isReleased) document.dispatchEvent(mouseEvent('mouseup', press.last));
    })();
    return () => {
      isCancelled = true;
    };
  }, [layer]);

  const triggers = {
    ref: containerRef,
    onPointerOverCapture: (event: PointerEvent) => {
      if (findHandle(event.target)) request();
    },
    onFocusCapture: (event: FocusEvent) => {
      if (findHandle(event.target)) request();
    },
    onPointerDownCapture: (event: PointerEvent) => {
      const found = findHandle(event.target);
      if (!found) return;
      request();
      if (layer || !event.isPrimary || event.button !== 0) return;
      const at = { x: event.clientX, y: event.clientY };
      pendingPress.current = {
        chartId: found.chartId,
        kind: found.kind,
        pointerId: event.pointerId,
        start: at,
        last: at,
        isReleased: false,
      };
    },
  };

  return { layer, triggers };
}
