import type { Config } from '../../config/env';
import type { JobDefinition, JobRunnerLog } from '../jobs/job-runner';
import { fetchAndStoreRates } from './rates.service';

export const FETCH_RATES_JOB = 'currencies:fetch-rates';

/** The ECB's source is often late or briefly away: a failed run tries again every 20 minutes for 2 hours. */
const RETRY_DELAY_MS = 20 * 60 * 1000;

/**
 * `currencies:fetch-rates`, daily at 16:30 Berlin time, half an hour after the European Central Bank
 * publishes its reference rates (around 16:00 CET): reads RATES_URL and stores the days it holds.
 * Only when RATES_URL is set; without it rates are what administrators set.
 */
export function rateJobDefinitions(options: { config: Config; log: JobRunnerLog }): JobDefinition[] {
  const { config, log } = options;
  const url = config.ratesUrl;
  if (!url) return [];
  return [
    {
      name: FETCH_RATES_JOB,
      schedule: { cron: '30 16 * * *', timeZone: 'Europe/Berlin' },
      maxAttempts: 7,
      backoff: () => RETRY_DELAY_MS,
      async handler(_job, ctx) {
        const result = await fetchAndStoreRates(ctx, url);
        log.info(
          { days: result.days.length, newest: result.days.at(-1), currencies: result.currenciesUpdated },
          'stored exchange rates',
        );
      },
    },
  ];
}
