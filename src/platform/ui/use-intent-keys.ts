import { useRef } from 'react';
import { IntentKeys } from '~/platform/client/intent-keys';

/**
 * Keys that live as long as the calling component; the dialogs mount their body per opening,
 * so every opening starts with fresh keys (one per intent: paying by wallet and by Alipay are
 * different requests and must not share a key).
 */
export function useIntentKeys(): IntentKeys {
  const ref = useRef<IntentKeys | null>(null);
  ref.current ??= new IntentKeys();
  return ref.current;
}
