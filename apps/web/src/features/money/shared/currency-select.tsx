import type { Currency } from '@cairn/contracts/currencies';
import type { ComponentProps } from 'react';
import { NativeSelect } from '../../../components/ui/native-select';

interface CurrencySelectProps extends Omit<ComponentProps<'select'>, 'children'> {
  currencies: readonly Currency[];
  /** The first option, with the value '' (an account that follows the user's currency). */
  emptyLabel?: string;
  /** Codes alone, for a narrow field; the name is still its tooltip. */
  isCompact?: boolean;
}

/** A currency by its code; typing the code's letters jumps to it, as in any native select. */
export function CurrencySelect({ currencies, emptyLabel, isCompact = false, ...props }: CurrencySelectProps) {
  return (
    <NativeSelect {...props}>
      {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
      {currencies.map((currency) => (
        <option key={currency.id} value={currency.id} title={currency.name}>
          {isCompact ? currency.code : `${currency.code} · ${currency.name}`}
        </option>
      ))}
    </NativeSelect>
  );
}
