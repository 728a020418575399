import type { Currency } from '@cairn/contracts/currencies';
import { type UpdateUserBody, type User, updateUserBodySchema } from '@cairn/contracts/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { MailCheckIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Combobox } from '../../../components/ui/combobox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { showErrorToast } from '../../../lib/error-toast';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { useTimeZone } from '../../../lib/time-zone';
import { toast } from '../../../lib/toasts';
import { useUpdateCurrentUserMutation } from '../api/update-current-user';
import { getTimeZoneOptions } from '../utils/time-zones';

const fields = ['username', 'email', 'currency', 'timezone'] as const;
type Values = Required<UpdateUserBody>;

interface ProfileDetailsFormProps {
  user: User;
  currencies: readonly Currency[] | undefined;
}

function valuesOf(user: User): Values {
  return { username: user.username, email: user.email, currency: user.currency, timezone: user.timezone };
}

/** Only what the user changed is checked and sent: a field left alone is never refused. */
function changesBetween(values: Values, initial: Values): UpdateUserBody {
  return Object.fromEntries(
    fields.filter((field) => values[field] !== initial[field]).map((field) => [field, values[field]]),
  );
}

const resolveUpdate = zodResolver(updateUserBodySchema);

function isField(name: string): name is (typeof fields)[number] {
  return fields.some((field) => field === name);
}

export function ProfileDetailsForm({ user, currencies }: ProfileDetailsFormProps) {
  const initial = valuesOf(user);
  const resolver: Resolver<Values, unknown, UpdateUserBody> = (values, context, { names, ...options }) =>
    resolveUpdate(changesBetween(values, initial), context, { ...options, names: names?.filter(isField) });
  const form = useForm<Values, unknown, UpdateUserBody>({ resolver, defaultValues: initial });
  const { errors } = form.formState;
  const update = useUpdateCurrentUserMutation();
  const browserTimeZone = useTimeZone();
  /** The new address waiting for its verification link, once the server asked for one. */
  const [unverifiedEmail, setUnverifiedEmail] = useState<string>();

  const timeZoneOptions = useMemo(() => getTimeZoneOptions(user.timezone), [user.timezone]);
  const currencyOptions = useMemo(
    () =>
      (currencies ?? [{ code: user.currency, name: user.currency }]).map((currency) => ({
        value: currency.code,
        label: currency.code === currency.name ? currency.code : `${currency.code} · ${currency.name}`,
      })),
    [currencies, user.currency],
  );

  const values = form.watch();
  const hasChanges = Object.keys(changesBetween(values, initial)).length > 0;

  const onSubmit = form.handleSubmit((changes) =>
    update.mutate(changes, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        // The server clears verifiedAt on an e-mail change only when this instance requires verification.
        const isVerificationNeeded =
          changes.email !== undefined && user.verifiedAt !== null && saved.verifiedAt === null;
        if (isVerificationNeeded) setUnverifiedEmail(saved.email);
        else if (changes.email !== undefined) setUnverifiedEmail(undefined);
        toast.success(
          isVerificationNeeded
            ? 'Profile saved. Check your inbox to verify the new address.'
            : 'Profile saved',
        );
      },
      onError: (error) => {
        const isShown = setServerFieldErrors(form.setError, error, {
          fields,
          fieldsByCode: { USERNAME_TAKEN: 'username', EMAIL_TAKEN: 'email' },
        });
        if (!isShown) showErrorToast(error, 'Could not save your profile');
      },
    }),
  );

  return (
    <Card aria-labelledby="profile-details-title">
      <CardHeader>
        <CardTitle id="profile-details-title">Account</CardTitle>
        <CardDescription>How you sign in, and how amounts and days are shown to you.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
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
            {(control) => (
              <Input {...control} {...form.register('email')} type="email" autoComplete="email" />
            )}
          </FormField>
          <FormField
            label="Currency"
            error={errors.currency?.message}
            hint="Used for totals in the money tracker."
          >
            {(control) => (
              <Controller
                control={form.control}
                name="currency"
                render={({ field }) => (
                  <Combobox
                    {...control}
                    value={field.value}
                    options={currencyOptions}
                    onChange={field.onChange}
                    searchLabel="Search currencies"
                  />
                )}
              />
            )}
          </FormField>
          <FormField
            label="Time zone"
            error={errors.timezone?.message}
            hint="Decides when your day starts and ends."
          >
            {(control) => (
              <div className="grid gap-1">
                <Controller
                  control={form.control}
                  name="timezone"
                  render={({ field }) => (
                    <Combobox
                      {...control}
                      value={field.value}
                      options={timeZoneOptions}
                      onChange={field.onChange}
                      searchLabel="Search time zones"
                    />
                  )}
                />
                {values.timezone !== browserTimeZone && (
                  <Button
                    variant="link"
                    size="sm"
                    className="h-auto justify-self-start px-0 py-1"
                    onClick={() => form.setValue('timezone', browserTimeZone, { shouldDirty: true })}
                  >
                    Use this device's time zone ({browserTimeZone.replaceAll('_', ' ')})
                  </Button>
                )}
              </div>
            )}
          </FormField>
          {unverifiedEmail && (
            <div
              role="status"
              className="flex gap-3 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm sm:col-span-2"
            >
              <MailCheckIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
              <p>
                Check your inbox to verify the new address, {unverifiedEmail}. Until then, signing in asks for
                it.{' '}
                <Link
                  to="/verify-email"
                  search={{ email: unverifiedEmail }}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  Send a new link
                </Link>
              </p>
            </div>
          )}
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" disabled={!hasChanges || update.isPending}>
              {update.isPending ? 'Saving…' : 'Save changes'}
            </Button>
            {hasChanges && (
              <Button variant="ghost" onClick={() => form.reset(initial)}>
                Discard
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
