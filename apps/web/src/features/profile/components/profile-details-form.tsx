import type { Currency } from '@cairn/contracts/currencies';
import { type UpdateUserBody, type User, updateUserBodySchema } from '@cairn/contracts/users';
import { type FormEvent, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Combobox } from '../../../components/ui/combobox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { getBrowserTimeZone } from '../../../lib/api-client';
import { showErrorToast } from '../../../lib/error-toast';
import { HttpError } from '../../../lib/errors';
import {
  type FieldErrors,
  fieldErrorsFromHttpError,
  fieldErrorsFromIssues,
  hasFieldErrors,
} from '../../../lib/form-errors';
import { useUpdateCurrentUserMutation } from '../api/update-current-user';
import { getTimeZoneOptions } from '../utils/time-zones';

const fields = ['username', 'email', 'currency', 'timezone'] as const;
type Field = (typeof fields)[number];
type Values = Required<UpdateUserBody>;

interface ProfileDetailsFormProps {
  user: User;
  currencies: readonly Currency[] | undefined;
}

export function ProfileDetailsForm({ user, currencies }: ProfileDetailsFormProps) {
  const initial: Values = {
    username: user.username,
    email: user.email,
    currency: user.currency,
    timezone: user.timezone,
  };
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const update = useUpdateCurrentUserMutation();
  const browserTimeZone = getBrowserTimeZone();

  const timeZoneOptions = useMemo(() => getTimeZoneOptions(user.timezone), [user.timezone]);
  const currencyOptions = useMemo(
    () =>
      (currencies ?? [{ code: user.currency, name: user.currency }]).map((currency) => ({
        value: currency.code,
        label: currency.code === currency.name ? currency.code : `${currency.code} · ${currency.name}`,
      })),
    [currencies, user.currency],
  );

  const changes = Object.fromEntries(
    fields.filter((field) => values[field] !== initial[field]).map((field) => [field, values[field]]),
  );
  const hasChanges = Object.keys(changes).length > 0;

  function set<Key extends Field>(field: Key, value: Values[Key]) {
    setValues((previous) => ({ ...previous, [field]: value }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = updateUserBodySchema.safeParse(changes);
    setErrors(parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues, fields));
    if (!parsed.success) return;
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        setValues({
          username: saved.username,
          email: saved.email,
          currency: saved.currency,
          timezone: saved.timezone,
        });
        toast.success('Profile saved');
      },
      onError: (error) => {
        const serverErrors = fieldErrorsFromHttpError(error, fields);
        if (error instanceof HttpError && error.code === 'USERNAME_TAKEN')
          serverErrors.username = error.message;
        if (error instanceof HttpError && error.code === 'EMAIL_TAKEN') serverErrors.email = error.message;
        if (hasFieldErrors(serverErrors)) setErrors(serverErrors);
        else showErrorToast(error, 'Could not save your profile');
      },
    });
  }

  return (
    <Card aria-labelledby="profile-details-title">
      <CardHeader>
        <CardTitle id="profile-details-title">Account</CardTitle>
        <CardDescription>How you sign in, and how amounts and days are shown to you.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          <FormField label="Username" error={errors.username}>
            {(control) => (
              <Input
                {...control}
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                value={values.username}
                onChange={(event) => set('username', event.target.value)}
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
                onChange={(event) => set('email', event.target.value)}
              />
            )}
          </FormField>
          <FormField label="Currency" error={errors.currency} hint="Used for totals in the money tracker.">
            {(control) => (
              <Combobox
                {...control}
                value={values.currency}
                options={currencyOptions}
                onChange={(value) => set('currency', value)}
                searchLabel="Search currencies"
              />
            )}
          </FormField>
          <FormField label="Time zone" error={errors.timezone} hint="Decides when your day starts and ends.">
            {(control) => (
              <div className="grid gap-1">
                <Combobox
                  {...control}
                  value={values.timezone}
                  options={timeZoneOptions}
                  onChange={(value) => set('timezone', value)}
                  searchLabel="Search time zones"
                />
                {values.timezone !== browserTimeZone && (
                  <Button
                    variant="link"
                    size="sm"
                    className="h-auto justify-self-start px-0 py-1"
                    onClick={() => set('timezone', browserTimeZone)}
                  >
                    Use this device's time zone ({browserTimeZone.replaceAll('_', ' ')})
                  </Button>
                )}
              </div>
            )}
          </FormField>
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" disabled={!hasChanges || update.isPending}>
              {update.isPending ? 'Saving…' : 'Save changes'}
            </Button>
            {hasChanges && (
              <Button
                variant="ghost"
                onClick={() => {
                  setValues(initial);
                  setErrors({});
                }}
              >
                Discard
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
