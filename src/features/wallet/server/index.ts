/**
 * The wallet feature's door: what other features, the pages and app/ may use of its server.
 * Everything else under server/ is the feature's own; a name joins this list when another room
 * needs it (tests/unit/layout.test.ts refuses a reach past the door).
 */
export { redeemExchangeCode } from '~/features/wallet/server/exchange-code-redemption';
export { GOLD_KIND, claimGoldTask, creditGoldCoins, exchangeGold, getGoldOverview, signIn } from '~/features/wallet/server/gold-coins';
export { financeDaily, financeDailyCsv, runLedgerCheck, searchLedger } from '~/features/wallet/server/ops-finance';
export { decideWithdrawal, listWithdrawalsForOps, payReviewedWithdrawal } from '~/features/wallet/server/ops-withdrawals';
export { grantNewUserRedPackets, grantRedPackets, isEnvelope, listRedPackets } from '~/features/wallet/server/red-packets';
export type { RedPacketGrant } from '~/features/wallet/server/red-packets';
export { cancelSandboxPayment, confirmSandboxPayment, sandboxCheckoutView } from '~/features/wallet/server/sandbox-checkout';
export { DEMO_VIP_PLANS, listVipPlans, subscribeVip } from '~/features/wallet/server/vip';
export { LEDGER_KIND_TEXT, changeBalance, ensureWallet, getWalletInfo, isRecorded, isVipAt, listFunds, lockWallets, readWallet } from '~/features/wallet/server/wallet';
export type { BalanceChange } from '~/features/wallet/server/wallet';
export { wechatNativeQr } from '~/features/wallet/server/wechat-native';
export { bindAlipayAccount, cancelWithdrawal, createWithdrawal, getAlipayAccount, listWithdrawals, requireVerifiedName } from '~/features/wallet/server/withdrawals';
export { transferBalance, MSG_TRANSFER_NO_RECEIVER } from '~/features/wallet/server/transfers';
export { sendClaimedPayout, sweepPayouts, withdrawalOutcomeTexts } from '~/features/wallet/server/payouts';
