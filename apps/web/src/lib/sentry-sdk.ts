// The only parts of the SDK the app uses; importing them by name keeps the lazily loaded chunk small
// (a dynamic import of the whole package could not be tree-shaken).
export { captureException, init } from '@sentry/react';
