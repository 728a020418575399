import { loginBodySchema } from '@cairn/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { showErrorToast } from '../../../lib/error-toast';
import { HttpError } from '../../../lib/errors';
import { useLogInMutation } from '../api/log-in';

export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const form = useForm({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;
  const [isUnverified, setIsUnverified] = useState(false);
  const logIn = useLogInMutation();

  const onSubmit = form.handleSubmit(
    (body) => {
      setIsUnverified(false);
      logIn.mutate(body, {
        onSuccess: onLoggedIn,
        onError: (error) => {
          if (error instanceof HttpError && error.code === 'EMAIL_NOT_VERIFIED') setIsUnverified(true);
          else showErrorToast(error, 'Could not log in');
        },
      });
    },
    () => setIsUnverified(false),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField label="Username or e-mail" error={errors.username?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register('username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register('password')}
            type="password"
            autoComplete="current-password"
          />
        )}
      </FormField>
      {isUnverified && (
        <div role="alert" className="rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
          Your e-mail address is not verified yet. Open the link we sent you, or{' '}
          <Link to="/verify-email" className="font-medium underline underline-offset-4">
            get a new link
          </Link>
          .
        </div>
      )}
      <Button type="submit" disabled={logIn.isPending}>
        {logIn.isPending ? 'Logging in…' : 'Log in'}
      </Button>
    </form>
  );
}
