import type { Currency } from '@cairn/contracts/currencies';
import { setCurrencyRateBodySchema } from '@cairn/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { RefreshCwIcon } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { getErrorToastMessage } from '../../../lib/error-toast';
import { formatNumber } from '../../../lib/format-number';
import { toast } from '../../../lib/toasts';
import { currencyRatesQueryOptions } from '../api/get-currency-rates';
import { useRefreshCurrencyRatesMutation } from '../api/refresh-currency-rates';
import { useSetCurrencyRateMutation } from '../api/set-currency-rate';
import { formatInstant } from '../utils/format-instant';
import { trimDecimal } from '../utils/trim-decimal';
import {
  cellClassName,
  headCellClassName,
  PanelEmpty,
  PanelError,
  PanelLoading,
  ScrollRegion,
  tableClassName,
} from './panel-states';

/** Rates are stored with six decimals (numeric(20,6)); all of them are shown. */
const RATE_DECIMALS = 6;

/** Each currency's current rate (units per 1 USD): set one by hand, or fetch them all from the source. */
export function CurrencyRatesPanel() {
  const currencies = useQuery(currencyRatesQueryOptions());
  const refresh = useRefreshCurrencyRatesMutation();
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<Currency>();

  const shown = useMemo(() => {
    const text = filter.trim().toLowerCase();
    const items = currencies.data ?? [];
    return text
      ? items.filter(
          (item) => item.code.toLowerCase().includes(text) || item.name.toLowerCase().includes(text),
        )
      : items;
  }, [currencies.data, filter]);

  if (currencies.isPending) return <PanelLoading />;
  if (currencies.isError)
    return (
      <PanelError
        message="The currency rates could not be loaded."
        onRetry={() => void currencies.refetch()}
      />
    );

  return (
    <div className="grid min-w-0 gap-4">
      <p className="text-sm text-muted-foreground">
        Rates are units of each currency per 1 US dollar. The newest day’s rate is the one in use.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-2">
          <label htmlFor={filterId} className="text-sm font-medium">
            Find a currency
          </label>
          <Input
            id={filterId}
            type="search"
            value={filter}
            placeholder="Code or name"
            className="w-64"
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
        <Button
          variant="outline"
          disabled={refresh.isPending}
          onClick={() =>
            refresh.mutate(undefined, {
              onSuccess: (result) =>
                toast.success(
                  `Rates refreshed: ${result.currenciesUpdated} ${result.currenciesUpdated === 1 ? 'currency' : 'currencies'} updated.`,
                ),
            })
          }
        >
          <RefreshCwIcon className={refresh.isPending ? 'motion-safe:animate-spin' : undefined} aria-hidden />
          {refresh.isPending ? 'Refreshing…' : 'Refresh from source'}
        </Button>
      </div>
      {shown.length === 0 ? (
        <PanelEmpty>
          {filter.trim() ? `No currency matches “${filter.trim()}”.` : 'No currencies.'}
        </PanelEmpty>
      ) : (
        <ScrollRegion label="Currency rates" className="max-h-[70dvh] overflow-y-auto">
          <table className={tableClassName}>
            <thead className="sticky top-0 z-10 bg-background">
              <tr>
                <th scope="col" className={headCellClassName}>
                  Code
                </th>
                {/* On phones the name goes under the code and the date is left out, so the button fits. */}
                <th scope="col" className={cn(headCellClassName, 'max-sm:hidden')}>
                  Name
                </th>
                <th scope="col" className={cn(headCellClassName, 'text-right')}>
                  Rate per USD
                </th>
                <th scope="col" className={cn(headCellClassName, 'max-sm:hidden')}>
                  Updated
                </th>
                <th scope="col" className={headCellClassName}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((currency) => (
                <tr key={currency.id}>
                  <th scope="row" className={cellClassName}>
                    <span className="font-mono font-medium">{currency.code}</span>
                    <span className="block text-xs font-normal text-muted-foreground sm:hidden">
                      {currency.name}
                    </span>
                  </th>
                  <td className={cn(cellClassName, 'max-sm:hidden')}>{currency.name}</td>
                  <td className={cn(cellClassName, 'text-right whitespace-nowrap tabular-nums')}>
                    {formatNumber(currency.rate, { decimals: RATE_DECIMALS })}
                  </td>
                  <td className={cn(cellClassName, 'whitespace-nowrap max-sm:hidden')}>
                    {formatInstant(currency.rateUpdatedAt)}
                  </td>
                  <td className={cellClassName}>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Set the rate of ${currency.code}`}
                      onClick={() => setEditing(currency)}
                    >
                      Set rate
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {editing && <SetRateDialog key={editing.id} currency={editing} onClose={() => setEditing(undefined)} />}
    </div>
  );
}

function SetRateDialog({ currency, onClose }: { currency: Currency; onClose: () => void }) {
  const setRate = useSetCurrencyRateMutation();
  const [rate, setRateText] = useState(trimDecimal(currency.rate));
  const [date, setDate] = useState('');
  const [errors, setErrors] = useState<{ rate?: string; date?: string; form?: string }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = setCurrencyRateBodySchema.safeParse({ rate: rate.trim(), ...(date && { date }) });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'date' ? 'date' : 'rate';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setRate.mutate(
      { currencyId: currency.id, body: parsed.data },
      {
        onSuccess: (saved) => {
          toast.success(`${currency.code} is ${trimDecimal(saved.rate)} per USD from ${saved.date}.`);
          onClose();
        },
        onError: (error) =>
          setErrors({ form: getErrorToastMessage(error, 'The rate could not be saved') ?? undefined }),
      },
    );
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={`Set the rate of ${currency.code}`}
      description={`Units of ${currency.name} per 1 US dollar.`}
      className="max-w-md"
    >
      <form noValidate className="grid gap-4" onSubmit={submit}>
        <FormField label="Rate" error={errors.rate}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              value={rate}
              onChange={(event) => setRateText(event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Day" hint="Leave empty for today (UTC)." error={errors.date}>
          {(control) => (
            <Input {...control} type="date" value={date} onChange={(event) => setDate(event.target.value)} />
          )}
        </FormField>
        {errors.form && (
          <p role="alert" className="text-sm text-destructive">
            {errors.form}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={setRate.isPending}>
            {setRate.isPending ? 'Saving…' : 'Save rate'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
