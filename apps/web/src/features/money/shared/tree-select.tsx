import type { ComponentProps } from 'react';
import { NativeSelect } from '../../../components/ui/native-select';
import type { MoneyTreeOption } from './money-tree';

interface TreeSelectProps extends Omit<ComponentProps<'select'>, 'children'> {
  options: readonly MoneyTreeOption[];
  /** The first option, with the value ''; left out when a choice is required and one is made. */
  emptyLabel?: string;
  /** Options before the tree (such as "Uncategorised"). */
  extraOptions?: readonly { value: string; label: string }[];
  /** Options shown but not offered (the account being deleted, say). */
  disabledValues?: ReadonlySet<string>;
}

/**
 * A pick from an account or category tree in a native select: children follow their parent and read
 * "Parent › Child", so the closed select too says which sub-account it is.
 */
export function TreeSelect({
  options,
  emptyLabel,
  extraOptions = [],
  disabledValues,
  ...props
}: TreeSelectProps) {
  return (
    <NativeSelect {...props}>
      {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
      {extraOptions.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={disabledValues?.has(option.value)}>
          {option.label}
        </option>
      ))}
    </NativeSelect>
  );
}
