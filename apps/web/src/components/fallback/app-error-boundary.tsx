import { Component, type ReactNode } from 'react';
import { captureError } from '../../lib/error-reporting';
import { RootError } from './root-error';

interface State {
  error: unknown;
  hasError: boolean;
}

/** Catches what the router's own error views cannot: a failure in the frame around them. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown): void {
    captureError(error);
  }

  override render() {
    return this.state.hasError ? <RootError error={this.state.error} isReported /> : this.props.children;
  }
}
