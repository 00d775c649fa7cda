/** The desk this process runs with, from configuration (CUSTOMER_SERVICE_DESK_URL). */
import { appConfig, type AppConfig } from '../../config';
import { externalDesk } from './external';
import { OWN_CHAT_DESK } from './own-chat';
import type { CustomerServiceDesk } from './port';

export type { CustomerServiceDesk } from './port';

export function customerServiceDesk(config: Pick<AppConfig, 'CUSTOMER_SERVICE_DESK_URL'> = appConfig()): CustomerServiceDesk {
  return config.CUSTOMER_SERVICE_DESK_URL ? externalDesk(config.CUSTOMER_SERVICE_DESK_URL) : OWN_CHAT_DESK;
}
