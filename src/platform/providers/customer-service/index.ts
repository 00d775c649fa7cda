/** The desk this process runs with, from configuration (CUSTOMER_SERVICE_DESK_URL). */
import { appConfig, type AppConfig } from '~/platform/config/config';
import { externalDesk } from '~/platform/providers/customer-service/external';
import { OWN_CHAT_DESK } from '~/platform/providers/customer-service/own-chat';
import type { CustomerServiceDesk } from '~/platform/providers/customer-service/port';

export type { CustomerServiceDesk } from '~/platform/providers/customer-service/port';

export function customerServiceDesk(config: Pick<AppConfig, 'CUSTOMER_SERVICE_DESK_URL'> = appConfig()): CustomerServiceDesk {
  return config.CUSTOMER_SERVICE_DESK_URL ? externalDesk(config.CUSTOMER_SERVICE_DESK_URL) : OWN_CHAT_DESK;
}
