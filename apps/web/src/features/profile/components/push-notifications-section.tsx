import type { PushSubscription as PushDevice } from '@cairn/contracts/push';
import { useQuery } from '@tanstack/react-query';
import { BellIcon, BellOffIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useTimeZone } from '../../../lib/time-zone';
import { toast } from '../../../lib/toasts';
import { pushSubscriptionsQueryOptions } from '../api/get-push-subscriptions';
import { useSendTestPushMutation } from '../api/send-test-push';
import {
  type BrowserPushState,
  useBrowserPushState,
  useEnablePushMutation,
  useRemovePushDeviceMutation,
} from '../hooks/use-push-device';
import { describeUserAgent } from '../utils/push-subscription';

type DeviceStatus = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

/** This browser is "on" only when it is subscribed and the server still sends to that subscription. */
function deviceStatusOf(
  browser: BrowserPushState | undefined,
  devices: PushDevice[] | undefined,
): DeviceStatus {
  if (!browser) return 'checking';
  if (browser.kind !== 'subscribed') return browser.kind;
  if (!devices) return 'checking';
  return devices.some((device) => device.endpoint === browser.endpoint && device.isActive) ? 'on' : 'off';
}

const statusTexts: Record<DeviceStatus, string> = {
  unsupported: 'This browser cannot show notifications from Cairn.',
  checking: 'Checking this device…',
  denied:
    'Notifications are blocked for Cairn in this browser. Allow them in the browser’s site settings, then reload.',
  off: 'Notifications are off on this device.',
  on: 'Notifications are on: reminders and due tasks show on this device.',
};

/** Push notifications for this browser, and every device of the account. */
export function PushNotificationsSection() {
  const id = useId();
  const browser = useBrowserPushState();
  const devices = useQuery(pushSubscriptionsQueryOptions());
  const enable = useEnablePushMutation();
  const remove = useRemovePushDeviceMutation();

  const status = deviceStatusOf(browser.data, devices.data?.items);
  const thisEndpoint = browser.data?.kind === 'subscribed' ? browser.data.endpoint : undefined;
  const thisDevice = devices.data?.items.find((device) => device.endpoint === thisEndpoint);

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Notifications on this device</CardTitle>
        <CardDescription>
          Reminders and due tasks as notifications, even when Cairn is closed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid justify-items-start gap-3">
          <p id={`${id}-status`} className="text-sm" data-status={status}>
            {browser.data?.kind === 'unsupported' ? browser.data.reason : statusTexts[status]}
          </p>
          {status === 'off' && (
            <Button
              aria-describedby={`${id}-status`}
              disabled={enable.isPending}
              onClick={() =>
                enable.mutate(undefined, {
                  onSuccess: () => toast.success('Notifications are on for this device.'),
                })
              }
            >
              <BellIcon aria-hidden />
              {enable.isPending ? 'Turning on…' : 'Turn on notifications'}
            </Button>
          )}
          {status === 'on' && (
            <Button
              variant="outline"
              aria-describedby={`${id}-status`}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(
                  { deviceId: thisDevice?.id, isThisDevice: true },
                  { onSuccess: () => toast.success('Notifications are off for this device.') },
                )
              }
            >
              <BellOffIcon aria-hidden />
              {remove.isPending ? 'Turning off…' : 'Turn off notifications'}
            </Button>
          )}
        </div>
        <DeviceList
          titleId={`${id}-devices`}
          devices={devices.data?.items}
          isLoading={devices.isPending}
          isLoadFailed={devices.isError}
          onRetry={() => void devices.refetch()}
          thisEndpoint={thisEndpoint}
          onRemove={(device) =>
            remove.mutate(
              { deviceId: device.id, isThisDevice: device.endpoint === thisEndpoint },
              { onSuccess: () => toast.success('Device removed.') },
            )
          }
          removingId={remove.isPending ? remove.variables?.deviceId : undefined}
        />
      </CardContent>
    </Card>
  );
}

interface DeviceListProps {
  titleId: string;
  devices: PushDevice[] | undefined;
  isLoading: boolean;
  isLoadFailed: boolean;
  onRetry: () => void;
  thisEndpoint: string | undefined;
  onRemove: (device: PushDevice) => void;
  removingId: string | undefined;
}

function DeviceList({
  titleId,
  devices,
  isLoading,
  isLoadFailed,
  onRetry,
  thisEndpoint,
  onRemove,
  removingId,
}: DeviceListProps) {
  const timeZone = useTimeZone();
  const sendTest = useSendTestPushMutation();
  const formatDate = (date: Date) =>
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);

  let content: ReactNode;
  if (isLoadFailed) {
    content = (
      <div role="alert" className="grid justify-items-start gap-3 text-sm">
        <p className="text-muted-foreground">Your devices could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  } else if (isLoading || !devices) {
    content = (
      <p role="status" className="text-sm text-muted-foreground">
        Loading devices…
      </p>
    );
  } else if (devices.length === 0) {
    content = <p className="text-sm text-muted-foreground">No device receives notifications yet.</p>;
  } else {
    content = (
      <ul className="grid gap-2" aria-labelledby={titleId}>
        {devices.map((device) => {
          const name = describeUserAgent(device.userAgent);
          const isThisDevice = device.endpoint === thisEndpoint;
          const isSending = sendTest.isPending && sendTest.variables === device.id;
          return (
            <li
              key={device.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border p-3"
              aria-label={isThisDevice ? `${name} (this device)` : name}
            >
              <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
                <span className="font-medium">
                  {name}
                  {isThisDevice && <span className="font-normal text-muted-foreground"> · this device</span>}
                </span>
                <span className="text-muted-foreground">
                  {device.isActive ? 'Active' : 'Not reachable'} · added {formatDate(device.createdAt)}
                  {device.lastSuccessAt && ` · last delivered ${formatDate(device.lastSuccessAt)}`}
                </span>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={isSending}
                  aria-label={`Send a test notification to ${name}`}
                  onClick={() =>
                    sendTest.mutate(device.id, {
                      onSuccess: ({ delivered }) =>
                        delivered
                          ? toast.success(`Test notification sent to ${name}.`)
                          : toast.error(`The test notification did not reach ${name}.`),
                    })
                  }
                >
                  {isSending ? 'Sending…' : 'Send test'}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={removingId === device.id}
                  aria-label={`Remove ${name}`}
                  onClick={() => onRemove(device)}
                >
                  Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="grid gap-3">
      <h3 id={titleId} className="text-sm font-semibold">
        Your devices
      </h3>
      {content}
    </div>
  );
}
