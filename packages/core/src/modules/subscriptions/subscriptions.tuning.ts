/**
 * Limits and timings of the subscriptions module. A plain object rather than configuration:
 * tests lower the minimum interval and the job polling interval before they build the app
 * (the plugin has no options of its own), and nothing here is for the operator to tune.
 */
export const SUBSCRIPTION_TUNING = {
  /** Shortest interval between two polls of one subscription (seconds); be polite to servers. */
  minIntervalSeconds: 300,
  /** Longest interval (a week). */
  maxIntervalSeconds: 7 * 24 * 3600,
  /** How often an idle worker asks the job queue for due polls (pg-boss allows 0.5 and up). */
  jobPollingSeconds: 2,
  /** How often each replica re-sends the jobs of subscriptions whose job went missing. */
  reconcileEveryMs: 5 * 60_000,
  /** A subscription this late past its due time is rescheduled by the reconciler. */
  overdueGraceMs: 60_000,
  /** Longest wait after failures (backoff doubles the interval up to this). */
  maxBackoffSeconds: 24 * 3600,
  /** New items announced on a feed's first poll (the rest are recorded as seen). */
  firstPollAnnounced: 3,
  /** Most new items announced by one later poll: a feed that republishes everything is no flood. */
  maxAnnouncedPerPoll: 20,
  /** Items read from one feed document (feeds list the newest first). */
  maxItemsPerFeed: 200,
  /** Items not seen in the feed for this long are forgotten. */
  itemRetentionDays: 90,
};

export const DEFAULT_INTERVAL_SECONDS = { feed: 3600, price_alert: 900 } as const;
