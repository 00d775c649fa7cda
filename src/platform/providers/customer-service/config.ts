/**
 * Configuration of the customer-service desk port: a zod SHAPE merged into config.ts, so
 * the variable is validated once at boot. Unset: our own chat. Set: /redirect hands the browser to
 * that desk (the spec's 七鱼); production accepts only an https:// address.
 */
import { z } from 'zod';

export const CUSTOMER_SERVICE_CONFIG_SHAPE = {
  /** The third-party desk's web link (e.g. a 七鱼 /client?k=... link); unset runs our own chat. */
  CUSTOMER_SERVICE_DESK_URL: z
    .url({ protocol: /^https?$/, error: 'CUSTOMER_SERVICE_DESK_URL must be an http(s) URL, e.g. https://qiyukf.com/client?k=...' })
    .optional(),
};

/** What is wrong with the desk's configuration for `appEnv`, one line per problem. */
export function customerServiceConfigProblems(config: { APP_ENV: string; CUSTOMER_SERVICE_DESK_URL?: string | undefined }): string[] {
  const url = config.CUSTOMER_SERVICE_DESK_URL;
  if (url && config.APP_ENV === 'production' && !url.startsWith('https://')) {
    return ['CUSTOMER_SERVICE_DESK_URL must be an https:// address in production (the browser is sent there).'];
  }
  return [];
}
