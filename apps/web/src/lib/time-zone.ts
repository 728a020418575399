import { userSchema } from '@cairn/contracts/users';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest, getBrowserTimeZone } from './api-client';
import { currentUserQueryKey, useCurrentUser } from './current-user';
import { showErrorToast } from './error-toast';
import { toast } from './toasts';

/**
 * The IANA zone every screen formats and parses dates in: the browser's own, the one each request sends
 * as X-Timezone, so the server's "today" and the screen's are the same day. The profile's zone is only
 * for work done with no browser behind it (reminders, digests, daily jobs).
 */
export function useTimeZone(): string {
  return getBrowserTimeZone();
}

const OFFER_STORAGE_PREFIX = 'cairn.time-zone-offer:';
/** Offers already made in this page's life, should storage be unavailable. */
const offeredPairs = new Set<string>();

function readIsOffered(key: string): boolean {
  try {
    return window.localStorage.getItem(key) !== null;
  } catch {
    return offeredPairs.has(key);
  }
}

function rememberOffer(key: string) {
  offeredPairs.add(key);
  try {
    window.localStorage.setItem(key, new Date().toISOString());
  } catch {
    // Private mode or full storage: the offer may come back next visit, which is harmless.
  }
}

const readable = (zone: string) => zone.replaceAll('_', ' ');

/**
 * When the browser's zone and the profile's differ (a trip, a move, an account made elsewhere), offers
 * once per pair of zones to make the browser's the profile's, so reminders and digests follow the user.
 */
export function useTimeZoneOffer(): void {
  const browserZone = useTimeZone();
  const profileZone = useCurrentUser().data?.timezone;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!profileZone || profileZone === browserZone) return;
    const key = `${OFFER_STORAGE_PREFIX}${profileZone}>${browserZone}`;
    if (offeredPairs.has(key) || readIsOffered(key)) return;
    rememberOffer(key);

    async function adoptBrowserZone() {
      try {
        const user = await apiRequest('/api/v1/users/me', {
          method: 'PATCH',
          body: { timezone: browserZone },
          schema: userSchema,
        });
        queryClient.setQueryData(currentUserQueryKey, user);
        toast.success(`Your profile now uses ${readable(browserZone)}`);
      } catch (error) {
        showErrorToast(error, 'Could not change your time zone');
      }
    }

    toast(`You are in ${readable(browserZone)}; your profile says ${readable(profileZone)}.`, {
      id: key,
      description: 'Screens follow this browser. Reminders and daily summaries follow the profile.',
      // Stays until answered: it is offered only once.
      duration: Number.POSITIVE_INFINITY,
      action: { label: `Use ${readable(browserZone)}`, onClick: () => void adoptBrowserZone() },
      cancel: { label: 'Keep', onClick: () => undefined },
    });
  }, [browserZone, profileZone, queryClient]);
}
