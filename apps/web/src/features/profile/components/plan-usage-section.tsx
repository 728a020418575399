import { type PlanUsageItem, planLabels } from '@cairn/contracts/plans';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { planUsageQueryOptions } from '../api/get-plan-usage';
import { describeUsage } from '../utils/plan-usage';

/** The plan the account is on and how much of each of its limits is used. */
export function PlanUsageSection() {
  const id = useId();
  const usage = useQuery(planUsageQueryOptions());

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Plan and usage</CardTitle>
        <CardDescription>
          What your plan allows and how much of it you use. Plans are changed by an administrator of this
          Cairn.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {usage.isError ? (
          <div role="alert" className="grid justify-items-start gap-3 text-sm">
            <p className="text-muted-foreground">Your plan and usage could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => void usage.refetch()}>
              Try again
            </Button>
          </div>
        ) : !usage.data ? (
          <div role="status" aria-label="Loading plan usage" className="grid gap-4 sm:grid-cols-2">
            {[0, 1, 2, 3].map((key) => (
              <div key={key} className="h-10 animate-pulse rounded-md bg-muted" />
            ))}
          </div>
        ) : (
          <div className="grid gap-5">
            <p className="text-sm">
              You are on the <strong className="font-semibold">{planLabels[usage.data.plan]}</strong> plan.
            </p>
            {usage.data.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">Your plan sets no limits.</p>
            ) : (
              <ul className="grid gap-x-8 gap-y-5 sm:grid-cols-2" aria-label="Limits of your plan">
                {usage.data.items.map((item) => (
                  <UsageMeter key={item.key} item={item} />
                ))}
              </ul>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function UsageMeter({ item }: { item: PlanUsageItem }) {
  const id = useId();
  const { text, percent, isOverLimit, isAtLimit } = describeUsage(item);
  return (
    <li className="grid gap-1.5 text-sm">
      <span className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span id={`${id}-label`} className="font-medium">
          {item.label}
        </span>
        <span className="text-muted-foreground tabular-nums">
          {text}
          {percent === null && ' · Unlimited'}
        </span>
      </span>
      {percent !== null && item.limit !== null && (
        <div
          role="progressbar"
          aria-labelledby={`${id}-label`}
          aria-valuemin={0}
          aria-valuemax={item.limit}
          aria-valuenow={Math.min(item.used, item.limit)}
          aria-valuetext={text}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn(
              'h-full rounded-full transition-[width]',
              isAtLimit ? 'bg-destructive' : percent >= 80 ? 'bg-amber-500' : 'bg-primary',
            )}
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
      {isAtLimit && (
        <span className="text-xs text-muted-foreground">
          {isOverLimit
            ? 'Over the limit: what you have stays, new ones are refused.'
            : 'Limit reached: new ones are refused.'}
        </span>
      )}
    </li>
  );
}
