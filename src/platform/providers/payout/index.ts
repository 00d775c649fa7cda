/**
 * The payout provider chosen at boot from configuration: the live Alipay transfer with
 * PAYOUT_PROVIDER=alipay, else the sandbox outside production, else none (production with the
 * sandbox allowed: withdrawals wait, nothing claims them, and an approved 打款 is refused). Boot
 * calls setPayoutProvider(createPayoutProvider(config)) once; until then the first use builds it
 * from the environment, so tests and scripts need no boot.
 */
import { appConfig } from '~/platform/config/config';
import { privateKeyPem, publicKeyPem } from '~/platform/providers/payment/config';
import { alipayPayout } from '~/platform/providers/payout/alipay';
import { payoutCertificates, payoutConfigProblems, payoutProviderOf, type PayoutConfig } from '~/platform/providers/payout/config';
import type { PayoutProvider } from '~/platform/providers/payout/port';
import { sandboxPayout } from '~/platform/providers/payout/sandbox';

export type { PayoutLookup, PayoutOutcome, PayoutProvider, PayoutRequest } from '~/platform/providers/payout/port';
export { PAYOUT_CONFIG_SHAPE, payoutConfigProblems, payoutSandboxPorts, readPayoutConfig, type PayoutConfig } from '~/platform/providers/payout/config';

export class PayoutConfigError extends Error {}

export function createPayoutProvider(config: PayoutConfig): PayoutProvider | null {
  const problems = payoutConfigProblems(config);
  if (problems.length > 0) throw new PayoutConfigError(`Invalid payout configuration:\n  ${problems.join('\n  ')}`);
  if (payoutProviderOf(config) === 'alipay') {
    const certificates = payoutCertificates(config);
    const gateway = config.PAYOUT_ALIPAY_GATEWAY ?? config.ALIPAY_GATEWAY;
    return alipayPayout({
      appId: config.ALIPAY_APP_ID!,
      privateKeyPem: privateKeyPem(config.ALIPAY_PRIVATE_KEY!),
      alipayPublicKeyPem: publicKeyPem(config.ALIPAY_PUBLIC_KEY!),
      ...(certificates ? { certificates } : {}),
      ...(gateway ? { gateway } : {}),
    });
  }
  return config.APP_ENV === 'production' ? null : sandboxPayout();
}

let current: { provider: PayoutProvider | null } | null = null;

/** Boot's choice (and tests' swap); undefined goes back to building from the environment on next use. */
export function setPayoutProvider(provider: PayoutProvider | null | undefined): void {
  current = provider === undefined ? null : { provider };
}

/** The adapter that pays withdrawals out, or null when none may (see above). */
export function payoutProvider(): PayoutProvider | null {
  current ??= { provider: createPayoutProvider(appConfig()) };
  return current.provider;
}
