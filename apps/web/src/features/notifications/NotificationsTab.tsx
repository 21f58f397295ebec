import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettings,
} from '@fm/contract';
import { Banner, Button, Spinner } from '@fm/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { appErrorMessage } from '../../lib/app-error';
import { trpc, trpcClient } from '../../lib/trpc';
import {
  currentSubscription,
  isAppleMobile,
  isPushSupported,
  isStandalone,
  turnOffPush,
  turnOnPush,
} from './push-registration';
import './notifications.css';

export const KIND_LABELS: Record<NotificationKind, { title: string; detail: string }> = {
  starter_out: {
    title: 'A starter will not play',
    detail: 'Ruled out, inactive, on IR or on bye before his kickoff, with the best bench replacement.',
  },
  final_result: {
    title: 'Final result',
    detail: 'Your matchup is over: the score and your new playoff chances.',
  },
  weekly_digest: {
    title: 'Weekly digest',
    detail: 'Tuesday morning: next week’s odds, the best free agent, a trade idea, injuries.',
  },
  close_game: {
    title: 'Close game',
    detail: 'Sunday, once, when your matchup is within a few points at the end.',
  },
};
const CHANNEL_LABELS: Record<NotificationChannel, string> = { push: 'Push', email: 'E-mail' };
export const IPHONE_PUSH_NOTE =
  'On an iPhone or iPad, notifications work only from the home-screen app (iOS 16.4 or later): tap Share, then “Add to Home Screen”, and open Fantasy Matchup from there.';

type BrowserState = 'checking' | 'unsupported' | 'off' | 'on' | 'denied';

function usePushState(): [BrowserState, (state: BrowserState) => void] {
  const [state, setState] = useState<BrowserState>('checking');
  useEffect(() => {
    if (!isPushSupported()) return setState('unsupported');
    if (Notification.permission === 'denied') return setState('denied');
    let isCurrent = true;
    currentSubscription()
      .then((subscription) => isCurrent && setState(subscription ? 'on' : 'off'))
      .catch(() => isCurrent && setState('off'));
    return () => {
      isCurrent = false;
    };
  }, []);
  return [state, setState];
}

/** Settings → Notifications: this browser's push, a switch per kind and channel, a test, quiet hours. */
export function NotificationsTab() {
  const queryClient = useQueryClient();
  const settingsQuery = useQuery(trpc.notifications.settings.queryOptions());
  const [browser, setBrowser] = usePushState();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [isBusy, setBusy] = useState(false);
  const settingsKey = trpc.notifications.settings.queryKey();
  const save = useMutation({
    mutationFn: (input: Parameters<typeof trpcClient.notifications.saveSettings.mutate>[0]) =>
      trpcClient.notifications.saveSettings.mutate(input),
    // the switch moves at once; a refused save puts it back
    onMutate: (input) => {
      const previous = queryClient.getQueryData(settingsKey);
      if (previous) {
        queryClient.setQueryData(settingsKey, {
          ...previous,
          kinds: input.kinds,
          ...(input.quiet_hours === undefined ? {} : { quiet_hours: input.quiet_hours }),
        });
      }
      return { previous };
    },
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
    onError: (failure, _input, context) => {
      if (context?.previous) queryClient.setQueryData(settingsKey, context.previous);
      setNotice({ tone: 'error', text: appErrorMessage(failure, 'Your change was not saved.') });
    },
  });
  if (settingsQuery.isPending) return <Spinner label="Loading your notification settings" />;
  if (settingsQuery.isError) {
    return (
      <Banner tone="error">
        Your notification settings could not be loaded.{' '}
        <Button variant="ghost" onClick={() => void settingsQuery.refetch()}>
          Try again
        </Button>
      </Banner>
    );
  }
  const settings: NotificationSettings = settingsQuery.data;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

  const toggle = (kind: NotificationKind, channel: NotificationChannel, isOn: boolean) => {
    setNotice(null);
    const kinds = { ...settings.kinds, [kind]: { ...settings.kinds[kind], [channel]: isOn } };
    save.mutate({ kinds, time_zone: timeZone });
  };

  const switchOn = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const outcome = await turnOnPush();
      setBrowser(outcome);
      if (outcome === 'on') setNotice({ tone: 'success', text: 'Notifications are on in this browser.' });
    } catch (failure) {
      setNotice({
        tone: 'error',
        text: appErrorMessage(failure, 'Notifications could not be turned on in this browser.'),
      });
    } finally {
      setBusy(false);
    }
  };

  const switchOff = async () => {
    setBusy(true);
    try {
      await turnOffPush();
      setBrowser('off');
    } catch (failure) {
      setNotice({ tone: 'error', text: appErrorMessage(failure, 'Notifications could not be turned off.') });
    } finally {
      setBusy(false);
    }
  };

  const sendTest = async (channel: NotificationChannel) => {
    setNotice(null);
    try {
      const { data } = await trpcClient.notifications.sendTest.mutate({ channel });
      setNotice({ tone: 'success', text: data.message });
    } catch (failure) {
      setNotice({ tone: 'error', text: appErrorMessage(failure, 'The test could not be sent.') });
    }
  };

  const quiet = settings.quiet_hours;
  const isIphoneInBrowser = isAppleMobile() && !isStandalone();
  return (
    <div className="notification-settings">
      <section aria-labelledby="push-browser-title">
        <h2 id="push-browser-title">This browser</h2>
        {isIphoneInBrowser && <p className="notification-note">{IPHONE_PUSH_NOTE}</p>}
        {/* Safari on an iPhone can show them once opened from the home screen: the note says how */}
        {browser === 'unsupported' && !isIphoneInBrowser && (
          <p>This browser cannot show notifications; you can still get them by e-mail.</p>
        )}
        {browser === 'denied' && (
          <p>
            Notifications are blocked for this site in your browser’s settings; allow them there to turn them
            on.
          </p>
        )}
        {browser === 'off' && (
          <Button onClick={() => void switchOn()} isBusy={isBusy}>
            Turn on notifications
          </Button>
        )}
        {browser === 'on' && (
          <div className="notification-actions">
            <span className="notification-status">Notifications are on in this browser.</span>
            <Button variant="secondary" onClick={() => void sendTest('push')}>
              Send me a test
            </Button>
            <Button variant="ghost" onClick={() => void switchOff()} isBusy={isBusy}>
              Turn off in this browser
            </Button>
          </div>
        )}
      </section>

      <div aria-live="polite">{notice && <Banner tone={notice.tone}>{notice.text}</Banner>}</div>

      <section aria-labelledby="notification-kinds-title">
        <h2 id="notification-kinds-title">What to tell me</h2>
        <p className="notification-note">Everything is off until you turn it on.</p>
        <ul className="notification-kinds">
          {NOTIFICATION_KINDS.map((kind) => (
            <li key={kind} className="notification-kind">
              <div>
                <strong>{KIND_LABELS[kind].title}</strong>
                <p>{KIND_LABELS[kind].detail}</p>
              </div>
              <div className="notification-switches">
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <label key={channel} className="notification-switch">
                    <input
                      type="checkbox"
                      role="switch"
                      checked={settings.kinds[kind][channel]}
                      aria-label={`${KIND_LABELS[kind].title}: ${CHANNEL_LABELS[channel]}`}
                      onChange={(event) => toggle(kind, channel, event.target.checked)}
                    />
                    <span>{CHANNEL_LABELS[channel]}</span>
                  </label>
                ))}
              </div>
            </li>
          ))}
        </ul>
        <Button variant="ghost" onClick={() => void sendTest('email')}>
          Send me a test e-mail
        </Button>
      </section>

      <section aria-labelledby="quiet-hours-title">
        <h2 id="quiet-hours-title">Quiet hours</h2>
        <label className="notification-switch">
          <input
            type="checkbox"
            role="switch"
            checked={quiet !== null}
            onChange={(event) =>
              save.mutate({
                kinds: settings.kinds,
                time_zone: timeZone,
                quiet_hours: event.target.checked ? { start: '22:00', end: '08:00' } : null,
              })
            }
          />
          <span>Hold notifications overnight, and send them when quiet hours end</span>
        </label>
        {quiet && (
          <div className="quiet-hours">
            <label>
              From
              <input
                type="time"
                value={quiet.start}
                onChange={(event) =>
                  event.target.value &&
                  save.mutate({
                    kinds: settings.kinds,
                    time_zone: timeZone,
                    quiet_hours: { ...quiet, start: event.target.value },
                  })
                }
              />
            </label>
            <label>
              To
              <input
                type="time"
                value={quiet.end}
                onChange={(event) =>
                  event.target.value &&
                  save.mutate({
                    kinds: settings.kinds,
                    time_zone: timeZone,
                    quiet_hours: { ...quiet, end: event.target.value },
                  })
                }
              />
            </label>
            <span className="notification-note">Times in {settings.time_zone}.</span>
          </div>
        )}
      </section>
    </div>
  );
}
