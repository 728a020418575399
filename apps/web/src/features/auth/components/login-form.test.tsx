import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, getAccessToken } from '../../../lib/auth-tokens';
import { LoginForm } from './login-form';

afterEach(() => {
  cleanup();
  clearTokens();
  vi.unstubAllGlobals();
});

function renderForm(onLoggedIn = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <LoginForm onLoggedIn={onLoggedIn} />
    </QueryClientProvider>,
  );
  return onLoggedIn;
}

const username = () => screen.getByLabelText('Username or e-mail');
const password = () => screen.getByLabelText('Password');

describe('LoginForm', () => {
  it('asks for both fields on submit, focuses the first, and clears each message as it is filled', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderForm();

    // Nothing is said before the first attempt.
    await userEvent.type(username(), 'x{Backspace}');
    expect(screen.queryByText('Username is required')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(username().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(username());

    await userEvent.type(username(), 'ada');
    expect(screen.queryByText('Username is required')).toBeNull();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the trimmed username, stores the tokens and hands over', async () => {
    const expiresAt = new Date(Date.now() + 60_000).toISOString();
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            accessToken: { token: 'access-1', expiresAt },
            refreshToken: { token: 'refresh-1', expiresAt },
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onLoggedIn = renderForm();

    await userEvent.type(username(), '  ada  ');
    await userEvent.type(password(), 'Correct-Horse-9');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://api.test/auth/token');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'ada', password: 'Correct-Horse-9' });
    expect(getAccessToken()).toBe('access-1');
  });
});
