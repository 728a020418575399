import { changePasswordBodySchema } from '@cairn/contracts/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { showErrorToast } from '../../../lib/error-toast';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toasts';
import { useChangePasswordMutation } from '../api/change-password';

/** The request's fields plus the repeated new password, which never leaves the browser. */
const changePasswordFormSchema = changePasswordBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.newPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
    // Shown together with the other fields' errors, not only once they are fixed.
    when: () => true,
  });

const emptyValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

const passwordHint =
  '8 to 100 characters, with an uppercase letter, a lowercase letter, a number and a special character.';

export function ChangePasswordForm() {
  const form = useForm({ resolver: zodResolver(changePasswordFormSchema), defaultValues: emptyValues });
  const { errors } = form.formState;
  const changePassword = useChangePasswordMutation();

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset(emptyValues);
          toast.success('Password changed. Your other devices have been signed out.');
        },
        onError: (error) => {
          const isShown = setServerFieldErrors(form.setError, error, {
            fields: ['currentPassword', 'newPassword'],
            fieldsByCode: { WRONG_PASSWORD: 'currentPassword' },
          });
          if (!isShown) showErrorToast(error, 'Could not change your password');
        },
      },
    ),
  );

  return (
    <Card aria-labelledby="change-password-title">
      <CardHeader>
        <CardTitle id="change-password-title">Password</CardTitle>
        <CardDescription>Changing it signs you out everywhere else.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:max-w-sm">
          {/* Lets password managers tie the new password to the right account. */}
          <input type="text" name="username" autoComplete="username" hidden readOnly />
          <FormField label="Current password" error={errors.currentPassword?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register('currentPassword')}
                type="password"
                autoComplete="current-password"
              />
            )}
          </FormField>
          <FormField label="New password" error={errors.newPassword?.message} hint={passwordHint}>
            {(control) => (
              <Input
                {...control}
                {...form.register('newPassword')}
                type="password"
                autoComplete="new-password"
              />
            )}
          </FormField>
          <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register('confirmPassword')}
                type="password"
                autoComplete="new-password"
              />
            )}
          </FormField>
          <Button type="submit" className="justify-self-start" disabled={changePassword.isPending}>
            {changePassword.isPending ? 'Changing…' : 'Change password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
