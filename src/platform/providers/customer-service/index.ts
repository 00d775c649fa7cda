/** The desk this process runs with, from configuration (CUSTOMER_SERVICE_DESK_URL). */
import { appConfig, type AppConfig } from '~/platform/config/config';
import { externalDesk } from '~/platform/providers/customer-service/external';
import { OWN_CHAT_DESK } from '~/platform/providers/customer-service/own-chat';
import type { CustomerServiceDesk } from '~/platform/providers/customer-service/port';

export type { CustomerServiceDesk } from '~/platform/providers/customer-service/port';

export function createCustomerServiceDesk(config: Pick<AppConfig, 'CUSTOMER_SERVICE_DESK_URL'>): CustomerServiceDesk {
  return config.CUSTOMER_SERVICE_DESK_URL ? externalDesk(config.CUSTOMER_SERVICE_DESK_URL) : OWN_CHAT_DESK;
}

let current: CustomerServiceDesk | null = null;

/** Boot's desk (app/providers.ts); until boot, or after a reset, the configuration's on first use. */
export function customerServiceDesk(): CustomerServiceDesk {
  current ??= createCustomerServiceDesk(appConfig());
  return current;
}

/** Boot's choice (and tests' swap); null goes back to the configuration's on next use. */
export function setCustomerServiceDesk(desk: CustomerServiceDesk | null): void {
  current = desk;
}
