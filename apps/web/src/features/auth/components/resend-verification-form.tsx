import { emailSchema } from '@cairn/contracts/auth';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useResendVerificationMutation } from '../api/resend-verification';

export function ResendVerificationForm({ initialEmail = '' }: { initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const resend = useResendVerificationMutation();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email.trim());
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    resend.mutate(parsed.data, {
      onSuccess: () =>
        toast.success('If that address is waiting for verification, a new link is on its way.'),
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3">
      <FormField label="E-mail" error={error}>
        {(control) => (
          <Input
            {...control}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </FormField>
      <Button type="submit" variant="outline" disabled={resend.isPending}>
        {resend.isPending ? 'Sending…' : 'Send a new link'}
      </Button>
    </form>
  );
}
