import { type LoginBody, loginBodySchema } from '@cairn/contracts/auth';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { showErrorToast } from '../../../lib/error-toast';
import { HttpError } from '../../../lib/errors';
import { type FieldErrors, fieldErrorsFromIssues } from '../../../lib/form-errors';
import { useLogInMutation } from '../api/log-in';

const fields = ['username', 'password'] as const;

export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const [values, setValues] = useState<LoginBody>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<(typeof fields)[number]>>({});
  const [isUnverified, setIsUnverified] = useState(false);
  const logIn = useLogInMutation();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginBodySchema.safeParse(values);
    setErrors(parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues, fields));
    setIsUnverified(false);
    if (!parsed.success) return;
    logIn.mutate(parsed.data, {
      onSuccess: onLoggedIn,
      onError: (error) => {
        if (error instanceof HttpError && error.code === 'EMAIL_NOT_VERIFIED') setIsUnverified(true);
        else showErrorToast(error, 'Could not log in');
      },
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField label="Username or e-mail" error={errors.username}>
        {(control) => (
          <Input
            {...control}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={values.username}
            onChange={(event) => setValues({ ...values, username: event.target.value })}
          />
        )}
      </FormField>
      <FormField label="Password" error={errors.password}>
        {(control) => (
          <Input
            {...control}
            name="password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={(event) => setValues({ ...values, password: event.target.value })}
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
