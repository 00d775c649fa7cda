/**
 * Alipay's RSA2 form signature, which the sandbox gateway speaks on both channels: SHA256withRSA
 * over the fields other than sign and sign_type, non-empty, sorted by name and joined as k=v&k=v.
 * The live Alipay adapter leaves this to alipay-sdk; the sandbox and the tests' fakes use it.
 */
import { createSign, createVerify } from 'node:crypto';

/** The text signed: every field but sign and sign_type, non-empty, sorted by name, k=v joined by &. */
export function signingText(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && key !== 'sign_type' && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

export function signParams(params: Readonly<Record<string, string>>, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(signingText(params), 'utf8').sign(privateKeyPem, 'base64');
}

/** Whether `params.sign` is the gateway's RSA2 signature of the other fields. */
export function verifyParams(params: Readonly<Record<string, string>>, publicKeyPem: string): boolean {
  const sign = params['sign'];
  if (!sign || params['sign_type'] !== 'RSA2') return false;
  try {
    return createVerify('RSA-SHA256').update(signingText(params), 'utf8').verify(publicKeyPem, sign, 'base64');
  } catch {
    return false;
  }
}
