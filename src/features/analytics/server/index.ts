/**
 * The analytics feature's door: what other features, the pages and app/ may use of its server.
 * Everything else under server/ is the feature's own; a name joins this list when another room
 * needs it (tests/unit/layout.test.ts refuses a reach past the door).
 */
export { enforceCollectorRateLimit, flushActivityWriters, queueActivities, recordConversion } from '~/features/analytics/server/analytics';
export type { ActivityContext } from '~/features/analytics/server/analytics';
export { readTrafficCounts, rollUpTrafficDays } from '~/features/analytics/server/traffic-rollup';
export type { TrafficCounts } from '~/features/analytics/server/traffic-rollup';
