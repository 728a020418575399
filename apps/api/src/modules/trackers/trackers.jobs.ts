import type { JobDefinition } from '../jobs/job-runner';

/** The trackers area's background jobs (daily recalculation). */
export const trackerJobDefinitions: JobDefinition[] = [];
