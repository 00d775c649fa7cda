/**
 * The sign-in feature's door: what other features, the pages and app/ may use of its server.
 * Everything else under server/ is the feature's own; a name joins this list when another room
 * needs it (tests/unit/layout.test.ts refuses a reach past the door).
 */
export { bearerToken, optionalUser, requireUser, signedIn } from '~/features/sign-in/server/auth-gate';
export type { AuthenticatedUser } from '~/features/sign-in/server/auth-gate';
export { createCaptcha, verifyCaptcha } from '~/features/sign-in/server/captcha';
export { OUTBOX_PAGE_SIZE, listOutbox } from '~/features/sign-in/server/outbox';
export { hashPassword, verifyPassword } from '~/features/sign-in/server/password';
export { loginWithPassword, registerWithPassword, resetPassword } from '~/features/sign-in/server/password-login';
export { MSG_PHONE_TAKEN, bindPhoneToTempUser, bindPhoneToUser, signInUserByMobile } from '~/features/sign-in/server/phone-sign-in';
export { MSG_FINGERPRINT_MISSING, appQrStatusOf, cancelQrSession, completeThirdPartyCallback, confirmApp, confirmSandbox, createQrSession, markScanned, normaliseFingerprint, pollQrSession, qqQrCodeOf, qrImageDataUrl, qrScanPage, qrSecretFromRequest, qrSecretSetCookie, redeemQrSession, sandboxScanLink, thirdPartyCallbackUrl, thirdPartyScanLinks, wechatQrStatusOf } from '~/features/sign-in/server/qr-login';
export { MSG_BAD_SIGNATURE, decryptPassword, issueSignChallenge, verifySignedRequest } from '~/features/sign-in/server/request-signing';
export { signInAnswer } from '~/features/sign-in/server/sign-in';
export { hashToken, isWellFormedToken, resolveToken, revokeAllTokens, revokeToken } from '~/features/sign-in/server/tokens';
export { MSG_CAPTCHA_REQUIRED, checkVerificationCode, checkVerificationCodesTogether, sendEmailResetCode, sendNoticeMessage, sendSmsCode, sendVerificationCode } from '~/features/sign-in/server/verification-codes';
export type { CheckCodeInput, SendCodeAnswer } from '~/features/sign-in/server/verification-codes';
export { consumeVerifyKey } from '~/features/sign-in/server/verify-keys';
