type Sentry = typeof import('./sentry-sdk');
type Report = (sentry: Sentry) => void;

let sentry: Sentry | undefined;
let pending: Report[] | undefined;

/** Longest wait for the first contentful paint: a page opened in a background tab paints nothing. */
const FIRST_PAINT_WAIT_MS = 10_000;

/** Calls `then` once the page has shown content (text, an image), or at once where that is not told. */
function afterFirstContentfulPaint(then: () => void): void {
  const isPainted = () =>
    performance.getEntriesByName('first-contentful-paint', 'paint').length > 0 ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (typeof PerformanceObserver !== 'function' || isPainted()) {
    then();
    return;
  }
  let isDone = false;
  const done = () => {
    if (isDone) return;
    isDone = true;
    observer.disconnect();
    clearTimeout(timeout);
    then();
  };
  const observer = new PerformanceObserver(() => {
    if (isPainted()) done();
  });
  observer.observe({ type: 'paint', buffered: true });
  const timeout = setTimeout(done, FIRST_PAINT_WAIT_MS);
}

/**
 * Waits for the page to finish loading, its first content to show and the browser to be idle, so the
 * SDK never competes with the first screen's code and data. The load event alone came too early: a
 * signed-in screen's code and data are fetched after it, and the SDK arrived among them.
 */
function afterFirstPaint(start: () => void): void {
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(start, { timeout: 3000 });
    else setTimeout(start, 1);
  };
  const whenPainted = () => afterFirstContentfulPaint(whenIdle);
  if (document.readyState === 'complete') whenPainted();
  else window.addEventListener('load', whenPainted, { once: true });
}

/**
 * Starts error reporting without holding up the first screen: the SDK loads once the page is idle,
 * and errors raised before it is ready (uncaught ones included) are queued and sent once it is.
 */
export function startErrorReporting(options: { dsn: string; environment: string }): void {
  if (pending || sentry) return;
  pending = [];
  const queue = pending;
  const onError = (event: ErrorEvent) =>
    queue.push((sdk) => sdk.captureException(event.error ?? event.message));
  const onRejection = (event: PromiseRejectionEvent) =>
    queue.push((sdk) => sdk.captureException(event.reason));
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);

  afterFirstPaint(() => void loadSdk(options, queue, onError, onRejection));
}

function loadSdk(
  options: { dsn: string; environment: string },
  queue: Report[],
  onError: (event: ErrorEvent) => void,
  onRejection: (event: PromiseRejectionEvent) => void,
): Promise<void> {
  return import('./sentry-sdk')
    .then((sdk) => {
      // The default integrations report uncaught errors and unhandled rejections from here on.
      sdk.init({ dsn: options.dsn, environment: options.environment });
      sentry = sdk;
      for (const report of queue.splice(0)) report(sdk);
    })
    .catch((error: unknown) => console.error('Error reporting is unavailable', error))
    .finally(() => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
      pending = undefined;
    });
}

/** Sends an error to the error-reporting service (once it has started). */
export function captureError(error: unknown, context?: Record<string, unknown>): void {
  const report: Report = (sdk) => sdk.captureException(error, context ? { extra: context } : undefined);
  if (sentry) report(sentry);
  else pending?.push(report);
}

/** Logs an error and reports it. */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  console.error(error);
  captureError(error, context);
}
