import { type SignupResponse, signupBodySchema } from '@cairn/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { showErrorToast } from '../../../lib/error-toast';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { useSignUpMutation } from '../api/sign-up';

export const passwordHint =
  '8 to 100 characters, with an uppercase letter, a lowercase letter, a number and a special character.';

interface SignupFormProps {
  onSignedUp: (result: SignupResponse, email: string) => void;
}

export function SignupForm({ onSignedUp }: SignupFormProps) {
  const form = useForm({
    resolver: zodResolver(signupBodySchema),
    defaultValues: { username: '', email: '', password: '' },
  });
  const { errors } = form.formState;
  const signUp = useSignUpMutation();

  const onSubmit = form.handleSubmit((body) =>
    signUp.mutate(body, {
      onSuccess: (result) => onSignedUp(result, body.email),
      onError: (error) => {
        const isShown = setServerFieldErrors(form.setError, error, {
          fields: ['username', 'email', 'password'],
          fieldsByCode: { USERNAME_TAKEN: 'username', EMAIL_TAKEN: 'email' },
        });
        if (!isShown) showErrorToast(error, 'Could not create the account');
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField label="Username" error={errors.username?.message}>
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
      <FormField label="E-mail" error={errors.email?.message}>
        {(control) => <Input {...control} {...form.register('email')} type="email" autoComplete="email" />}
      </FormField>
      <FormField label="Password" error={errors.password?.message} hint={passwordHint}>
        {(control) => (
          <Input {...control} {...form.register('password')} type="password" autoComplete="new-password" />
        )}
      </FormField>
      <Button type="submit" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating account…' : 'Create account'}
      </Button>
    </form>
  );
}
