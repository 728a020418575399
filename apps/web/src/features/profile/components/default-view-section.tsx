import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { NativeSelect } from '../../../components/ui/native-select';

export interface DefaultViewOption {
  value: string;
  label: string;
}

interface DefaultViewSectionProps {
  /** The saved choice: a view's value, null for the home page, undefined while it loads. */
  value: string | null | undefined;
  options: readonly DefaultViewOption[];
  isLoadFailed: boolean;
  onRetry: () => void;
  /** Saves at once; the caller confirms or reports the outcome. */
  onChange: (value: string | null) => void;
}

/** The same choice as on the home page: which screen opening Cairn leads to. */
export function DefaultViewSection({
  value,
  options,
  isLoadFailed,
  onRetry,
  onChange,
}: DefaultViewSectionProps) {
  const id = useId();
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Where Cairn opens</CardTitle>
        <CardDescription id={`${id}-hint`}>
          The screen you land on when you open Cairn or select its logo. Saved as soon as you choose.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isLoadFailed ? (
          <div role="alert" className="grid justify-items-start gap-3 text-sm">
            <p className="text-muted-foreground">Your default view could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={onRetry}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="grid gap-2 sm:max-w-sm">
            <label htmlFor={id} className="text-sm font-medium leading-none">
              Default view
            </label>
            <NativeSelect
              id={id}
              aria-describedby={`${id}-hint`}
              value={value ?? ''}
              disabled={value === undefined}
              onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
              className="w-full"
            >
              {value === undefined && <option value="">Loading…</option>}
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
              {value !== undefined && <option value="">The home page</option>}
            </NativeSelect>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
