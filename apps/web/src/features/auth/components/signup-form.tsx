import { type SignupBody, type SignupResponse, signupBodySchema } from '@cairn/contracts/auth';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { showErrorToast } from '../../../lib/error-toast';
import { HttpError } from '../../../lib/errors';
import {
  type FieldErrors,
  fieldErrorsFromHttpError,
  fieldErrorsFromIssues,
  hasFieldErrors,
} from '../../../lib/form-errors';
import { useSignUpMutation } from '../api/sign-up';

const fields = ['username', 'email', 'password'] as const;
type Field = (typeof fields)[number];

export const passwordHint =
  '8 to 100 characters, with an uppercase letter, a lowercase letter, a number and a special character.';

interface SignupFormProps {
  onSignedUp: (result: SignupResponse, email: string) => void;
}

export function SignupForm({ onSignedUp }: SignupFormProps) {
  const [values, setValues] = useState<SignupBody>({ username: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const signUp = useSignUpMutation();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signupBodySchema.safeParse(values);
    setErrors(parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues, fields));
    if (!parsed.success) return;
    signUp.mutate(parsed.data, {
      onSuccess: (result) => onSignedUp(result, parsed.data.email),
      onError: (error) => {
        const serverErrors = fieldErrorsFromHttpError(error, fields);
        if (error instanceof HttpError && error.code === 'USERNAME_TAKEN')
          serverErrors.username = error.message;
        if (error instanceof HttpError && error.code === 'EMAIL_TAKEN') serverErrors.email = error.message;
        if (hasFieldErrors(serverErrors)) setErrors(serverErrors);
        else showErrorToast(error, 'Could not create the account');
      },
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField label="Username" error={errors.username}>
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
      <FormField label="E-mail" error={errors.email}>
        {(control) => (
          <Input
            {...control}
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(event) => setValues({ ...values, email: event.target.value })}
          />
        )}
      </FormField>
      <FormField label="Password" error={errors.password} hint={passwordHint}>
        {(control) => (
          <Input
            {...control}
            name="password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(event) => setValues({ ...values, password: event.target.value })}
          />
        )}
      </FormField>
      <Button type="submit" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating account…' : 'Create account'}
      </Button>
    </form>
  );
}
