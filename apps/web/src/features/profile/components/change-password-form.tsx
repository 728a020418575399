import { changePasswordBodySchema } from '@cairn/contracts/users';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
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
import { useChangePasswordMutation } from '../api/change-password';

const fields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type Field = (typeof fields)[number];
const emptyValues: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

const passwordHint =
  '8 to 100 characters, with an uppercase letter, a lowercase letter, a number and a special character.';

export function ChangePasswordForm() {
  const [values, setValues] = useState(emptyValues);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const changePassword = useChangePasswordMutation();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = changePasswordBodySchema.safeParse({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    const nextErrors: FieldErrors<Field> = parsed.success
      ? {}
      : fieldErrorsFromIssues(parsed.error.issues, fields);
    if (values.confirmPassword !== values.newPassword) nextErrors.confirmPassword = 'Passwords do not match';
    setErrors(nextErrors);
    if (!parsed.success || hasFieldErrors(nextErrors)) return;
    changePassword.mutate(parsed.data, {
      onSuccess: () => {
        setValues(emptyValues);
        toast.success('Password changed. Your other devices have been signed out.');
      },
      onError: (error) => {
        const serverErrors = fieldErrorsFromHttpError(error, fields);
        if (error instanceof HttpError && error.code === 'WRONG_PASSWORD')
          serverErrors.currentPassword = error.message;
        if (hasFieldErrors(serverErrors)) setErrors(serverErrors);
        else showErrorToast(error, 'Could not change your password');
      },
    });
  }

  const set = (field: Field, value: string) => setValues((previous) => ({ ...previous, [field]: value }));

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
          <FormField label="Current password" error={errors.currentPassword}>
            {(control) => (
              <Input
                {...control}
                type="password"
                name="current-password"
                autoComplete="current-password"
                value={values.currentPassword}
                onChange={(event) => set('currentPassword', event.target.value)}
              />
            )}
          </FormField>
          <FormField label="New password" error={errors.newPassword} hint={passwordHint}>
            {(control) => (
              <Input
                {...control}
                type="password"
                name="new-password"
                autoComplete="new-password"
                value={values.newPassword}
                onChange={(event) => set('newPassword', event.target.value)}
              />
            )}
          </FormField>
          <FormField label="Confirm new password" error={errors.confirmPassword}>
            {(control) => (
              <Input
                {...control}
                type="password"
                name="confirm-password"
                autoComplete="new-password"
                value={values.confirmPassword}
                onChange={(event) => set('confirmPassword', event.target.value)}
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
