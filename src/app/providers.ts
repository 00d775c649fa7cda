/**
 * The outside world's adapters (payment gateways, the payout provider, sign-in messages, captcha and QR logins, the
 * customer-service desk), built once at boot from the parsed configuration and handed to the
 * features through their ports (platform/providers). The ports fall back to building from the
 * configuration on first use only where nothing booted: `astro dev`, tests and scripts.
 */
import type { AppConfig } from '~/platform/config/config';
import { createCustomerServiceDesk, setCustomerServiceDesk } from '~/platform/providers/customer-service';
import { createPaymentGateways, setPaymentGateways } from '~/platform/providers/payment';
import { createPayoutProvider, setPayoutProvider } from '~/platform/providers/payout';
import { createSignInProviders, setSignInProviders } from '~/platform/providers/sign-in-providers';

export function installProviders(config: AppConfig): void {
  setPaymentGateways(createPaymentGateways(config));
  setPayoutProvider(createPayoutProvider(config));
  setSignInProviders(createSignInProviders(config));
  setCustomerServiceDesk(createCustomerServiceDesk(config));
}
