import { routeByName } from '~/platform/config/routes';

/** The public addresses of the two documents' current versions (routes.ts `agreement`). */
export const AGREEMENT_HREFS = {
  service: routeByName('agreement').path.replace(':document', 'service'),
  privacy: routeByName('agreement').path.replace(':document', 'privacy'),
} as const;
