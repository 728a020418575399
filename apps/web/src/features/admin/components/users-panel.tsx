import type { AdminUser } from '@cairn/contracts/admin';
import { formatStorage, planLabels } from '@cairn/contracts/plans';
import { type Plan, planSchema } from '@cairn/contracts/users';
import { useInfiniteQuery } from '@tanstack/react-query';
import { SearchIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../../lib/current-user';
import { adminUsersInfiniteQueryOptions } from '../api/get-admin-users';
import { useUpdateAdminUserMutation } from '../api/update-admin-user';
import { ADMIN_SEARCH_MAX_LENGTH } from '../utils/admin-search';
import { formatDate, formatInstant } from '../utils/format-instant';
import {
  cellClassName,
  headCellClassName,
  PanelEmpty,
  PanelError,
  PanelLoading,
  ScrollRegion,
  tableClassName,
} from './panel-states';

/** How long typing pauses before the search runs (and lands in the address). */
const SEARCH_DELAY_MS = 300;

interface UsersPanelProps {
  searchText: string | undefined;
  onSearchTextChange: (text: string) => void;
}

export function UsersPanel({ searchText, onSearchTextChange }: UsersPanelProps) {
  const users = useInfiniteQuery(adminUsersInfiniteQueryOptions(searchText));
  const currentUser = useCurrentUser();
  const update = useUpdateAdminUserMutation();
  const [disabling, setDisabling] = useState<{ user: AdminUser; isDisabled: boolean }>();
  const items = users.data?.pages.flatMap((page) => page.items) ?? [];
  const total = users.data?.pages[0]?.total;

  return (
    <div className="grid min-w-0 gap-4">
      <SearchBox value={searchText ?? ''} onChange={onSearchTextChange} />
      {users.isPending ? (
        <PanelLoading />
      ) : users.isError && items.length === 0 ? (
        <PanelError message="The users could not be loaded." onRetry={() => void users.refetch()} />
      ) : items.length === 0 ? (
        <PanelEmpty>{searchText ? `No user matches “${searchText}”.` : 'No users yet.'}</PanelEmpty>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {total === 1 ? '1 user' : `${total ?? items.length} users`}
            {searchText ? ` matching “${searchText}”` : ''}
          </p>
          <ScrollRegion
            label="Users"
            className={cn(users.isPlaceholderData && 'opacity-60 transition-opacity')}
          >
            <table className={cn(tableClassName, 'max-sm:block')}>
              <thead className="max-sm:sr-only">
                <tr>
                  {['User', 'Plan', 'Verified', 'Created', 'Storage', 'Admin', 'Disabled', 'Actions'].map(
                    (heading) => (
                      <th key={heading} scope="col" className={headCellClassName}>
                        {heading}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody className="max-sm:block">
                {items.map((user) => (
                  <UserRow
                    key={user.id}
                    user={user}
                    isSelf={user.id === currentUser.data?.id}
                    onPlanChange={(plan) => update.mutate({ user, body: { plan } })}
                    onAdminChange={(isAdmin) => update.mutate({ user, body: { isAdmin } })}
                    onDisabledChange={(isDisabled) => setDisabling({ user, isDisabled })}
                  />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {users.hasNextPage && (
            <Button
              variant="outline"
              className="justify-self-center"
              disabled={users.isFetchingNextPage}
              onClick={() => void users.fetchNextPage()}
            >
              {users.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          )}
        </>
      )}
      <ConfirmDialog
        isOpen={disabling !== undefined}
        onOpenChange={(isOpen) => {
          if (!isOpen) setDisabling(undefined);
        }}
        title={
          disabling?.isDisabled
            ? `Disable ${disabling.user.username}?`
            : `Enable ${disabling?.user.username}?`
        }
        description={
          disabling?.isDisabled
            ? 'They are signed out everywhere at once and cannot sign in until enabled again. Their data stays.'
            : 'They can sign in again with their password.'
        }
        confirmLabel={disabling?.isDisabled ? 'Disable' : 'Enable'}
        variant={disabling?.isDisabled ? 'destructive' : 'default'}
        onConfirm={() => {
          if (disabling) update.mutate({ user: disabling.user, body: { isDisabled: disabling.isDisabled } });
        }}
      />
    </div>
  );
}

/** The box keeps what is typed; the search (and the address) follows once typing pauses. */
function SearchBox({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);

  // Back and forward change the address under the box.
  useEffect(() => setText(value), [value]);

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onChange(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);

  return (
    <search className="max-w-md">
      <form
        className="grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          onChange(text);
        }}
      >
        <label htmlFor={id} className="text-sm font-medium">
          Search users
        </label>
        <div className="relative">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={id}
            type="search"
            value={text}
            maxLength={ADMIN_SEARCH_MAX_LENGTH}
            placeholder="Username or e-mail"
            className="pl-9"
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      </form>
    </search>
  );
}

function isPlan(value: string): value is Plan {
  return planSchema.options.some((plan) => plan === value);
}

/**
 * On phones each row is a card: cells stack, each led by its column's name (data-label), so nothing
 * has to scroll sideways. From `sm` up it is an ordinary table.
 */
const stackedCellClassName =
  'max-sm:flex max-sm:items-center max-sm:justify-between max-sm:gap-3 max-sm:border-0 max-sm:px-0 max-sm:py-1 max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]';

interface UserRowProps {
  user: AdminUser;
  /** The signed-in administrator: they cannot disable themselves or give up their own rights here. */
  isSelf: boolean;
  onPlanChange: (plan: Plan) => void;
  onAdminChange: (isAdmin: boolean) => void;
  onDisabledChange: (isDisabled: boolean) => void;
}

function UserRow({ user, isSelf, onPlanChange, onAdminChange, onDisabledChange }: UserRowProps) {
  const isDisabled = user.disabledAt !== null;
  const cell = cn(cellClassName, stackedCellClassName, 'whitespace-nowrap');
  return (
    <tr
      className={cn(
        'max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-6 max-sm:gap-y-1 max-sm:border-b max-sm:p-4',
        isDisabled && 'bg-muted/40',
      )}
    >
      <th
        scope="row"
        className={cn(cellClassName, 'max-sm:col-span-2 max-sm:border-0 max-sm:p-0 max-sm:pb-1')}
      >
        <span className="block font-medium whitespace-nowrap">
          {user.username}
          {isSelf && <span className="ml-2 text-xs font-normal text-muted-foreground">(you)</span>}
        </span>
        <span
          className="block max-w-52 truncate text-xs font-normal text-muted-foreground"
          title={user.email}
        >
          {user.email}
        </span>
      </th>
      <td data-label="Plan" className={cn(cell, 'max-sm:col-span-2')}>
        <NativeSelect
          aria-label={`Plan of ${user.username}`}
          value={user.plan}
          className="w-28"
          onChange={(event) => {
            const plan = event.target.value;
            if (isPlan(plan) && plan !== user.plan) onPlanChange(plan);
          }}
        >
          {planSchema.options.map((plan) => (
            <option key={plan} value={plan}>
              {planLabels[plan]}
            </option>
          ))}
        </NativeSelect>
      </td>
      <td data-label="Verified" className={cell}>
        {user.verifiedAt ? formatDate(user.verifiedAt) : 'No'}
      </td>
      <td data-label="Created" className={cell}>
        <time dateTime={user.createdAt.toISOString()} title={formatInstant(user.createdAt)}>
          {formatDate(user.createdAt)}
        </time>
      </td>
      <td data-label="Storage" className={cn(cell, 'tabular-nums')}>
        {formatStorage(user.storageBytes)}
      </td>
      <td data-label="Admin" className={cell}>
        {user.isAdmin ? 'Yes' : 'No'}
      </td>
      <td data-label="Disabled" className={cn(cell, isDisabled && 'font-medium text-destructive')}>
        {isDisabled ? `Since ${formatDate(user.disabledAt)}` : 'No'}
      </td>
      <td
        className={cn(
          cellClassName,
          'text-right max-sm:col-span-2 max-sm:border-0 max-sm:p-0 max-sm:pt-2 max-sm:text-left',
        )}
      >
        {isSelf ? (
          <span className="text-xs text-muted-foreground max-sm:hidden">—</span>
        ) : (
          <div className="flex justify-end gap-2 max-sm:justify-start">
            <Button
              variant="outline"
              size="sm"
              className="h-8 px-2.5"
              onClick={() => onAdminChange(!user.isAdmin)}
            >
              {user.isAdmin ? 'Remove admin' : 'Make admin'}
              <span className="sr-only"> for {user.username}</span>
            </Button>
            <Button
              variant="outline"
              size="sm"
              className={cn('h-8 px-2.5', !isDisabled && 'text-destructive hover:text-destructive')}
              onClick={() => onDisabledChange(!isDisabled)}
            >
              {isDisabled ? 'Enable' : 'Disable'}
              <span className="sr-only"> {user.username}</span>
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}
