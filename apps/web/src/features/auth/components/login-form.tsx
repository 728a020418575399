import { Link } from '@tanstack/react-router';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { showErrorToast } from '../../../lib/error-toast';
import { HttpError } from '../../../lib/errors';
import { useLogInMutation } from '../api/log-in';
import { type LoginErrors, type LoginValues, validateLogin } from '../utils/validate-login';

/**
 * Two fields, so plain state instead of a form library: the login page is the first one most visits
 * load. It behaves as the other forms do: checked on submit, then again on every change.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isUnverified, setIsUnverified] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const logIn = useLogInMutation();

  const onChangeOf = (field: keyof LoginValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (isSubmitted) {
      const result = validateLogin(next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSubmitted(true);
    setIsUnverified(false);
    const result = validateLogin(values);
    if (!result.ok) {
      setErrors(result.errors);
      (result.errors.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    logIn.mutate(result.body, {
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
            ref={usernameRef}
            name="username"
            value={values.username}
            onChange={onChangeOf('username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </FormField>
      <FormField label="Password" error={errors.password}>
        {(control) => (
          <Input
            {...control}
            ref={passwordRef}
            name="password"
            value={values.password}
            onChange={onChangeOf('password')}
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
