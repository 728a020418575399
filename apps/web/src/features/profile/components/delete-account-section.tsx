import { deleteUserBodySchema } from '@cairn/contracts/users';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { showErrorToast } from '../../../lib/error-toast';
import { HttpError } from '../../../lib/errors';
import { useDeleteAccountMutation } from '../api/delete-account';

export function DeleteAccountSection() {
  const [isOpen, setIsOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const deleteAccount = useDeleteAccountMutation();

  function onOpenChange(open: boolean) {
    setIsOpen(open);
    setPassword('');
    setError(undefined);
  }

  function onConfirm() {
    const parsed = deleteUserBodySchema.safeParse({ password });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    deleteAccount.mutate(parsed.data, {
      onError: (mutationError) => {
        if (mutationError instanceof HttpError && mutationError.code === 'WRONG_PASSWORD') {
          setError(mutationError.message);
        } else {
          showErrorToast(mutationError, 'Could not delete your account');
        }
      },
    });
  }

  return (
    <Card aria-labelledby="delete-account-title" className="border-destructive/40">
      <CardHeader>
        <CardTitle id="delete-account-title">Delete account</CardTitle>
        <CardDescription>
          Permanently removes your account and everything in it: tasks, notes, money records, trackers and
          work logs.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ConfirmDialog
          isOpen={isOpen}
          onOpenChange={onOpenChange}
          trigger={<Button variant="destructive">Delete account…</Button>}
          title="Delete your account?"
          description="This deletes your account and all of its data at once. It cannot be undone. Enter your password to confirm."
          confirmLabel="Delete account"
          pendingLabel="Deleting…"
          isPending={deleteAccount.isPending}
          // A wrong password is answered inside the dialog, so it stays open until the account is gone.
          isClosedOnConfirm={false}
          onConfirm={onConfirm}
        >
          <FormField label="Password" error={error}>
            {(control) => (
              <Input
                {...control}
                type="password"
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            )}
          </FormField>
        </ConfirmDialog>
      </CardContent>
    </Card>
  );
}
