import { emailSchema } from '@cairn/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { loadToasts } from '../../../lib/toasts';
import { useResendVerificationMutation } from '../api/resend-verification';

// Spaces pasted around an address are no reason to refuse it.
const resendFormSchema = z.object({ email: z.string().trim().pipe(emailSchema) });

export function ResendVerificationForm({ initialEmail = '' }: { initialEmail?: string }) {
  const form = useForm({
    resolver: zodResolver(resendFormSchema),
    defaultValues: { email: initialEmail },
  });
  const resend = useResendVerificationMutation();

  const onSubmit = form.handleSubmit(({ email }) =>
    resend.mutate(email, {
      // Through the loader: this page mounts the toasts' container only once one is asked for.
      onSuccess: () =>
        void loadToasts().then(({ toast }) =>
          toast.success('If that address is waiting for verification, a new link is on its way.'),
        ),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3">
      <FormField label="E-mail" error={form.formState.errors.email?.message}>
        {(control) => <Input {...control} {...form.register('email')} type="email" autoComplete="email" />}
      </FormField>
      <Button type="submit" variant="outline" disabled={resend.isPending}>
        {resend.isPending ? 'Sending…' : 'Send a new link'}
      </Button>
    </form>
  );
}
