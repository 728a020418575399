import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { twMerge } from 'tailwind-merge';
import { afterEach, describe, expect, it } from 'vitest';
import { LoadingScreen } from '../../../components/fallback/loading-screen';
import { RootError } from '../../../components/fallback/root-error';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';

afterEach(cleanup);

/** Every element whose classes merging would change: a later utility meant to override an earlier one. */
function conflictingClasses(container: HTMLElement): string[] {
  return [...container.querySelectorAll('[class]')].flatMap((element) => {
    const classes = element.getAttribute('class') ?? '';
    const joined = classes.split(/\s+/).filter(Boolean);
    const merged = twMerge(classes).split(/\s+/).filter(Boolean);
    return merged.length === new Set(joined).size ? [] : [`<${element.tagName.toLowerCase()}> ${classes}`];
  });
}

// The login page and the screens shown before any route loads render before class merging does
// (lib/cn.ts keeps it off the first download), so none of them may rely on it.
describe('the pages shown before class merging loads', () => {
  it('the login page, before and after a refused attempt', async () => {
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthCard title="Log in" description="Welcome back." footer="New here?">
          <LoginForm onLoggedIn={() => undefined} />
        </AuthCard>
      </QueryClientProvider>,
    );
    expect(conflictingClasses(container)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(conflictingClasses(container)).toEqual([]);
  });

  it('the loading screen, and the screen for an error no route caught', () => {
    const loading = render(<LoadingScreen isFullScreen={false} />);
    expect(conflictingClasses(loading.container)).toEqual([]);
    const error = render(<RootError error={new Error('Something broke')} isReported />);
    expect(conflictingClasses(error.container)).toEqual([]);
  });
});
