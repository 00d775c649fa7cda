/**
 * 协议签署 calls (spec §7 account "contract signing"): the signed-in user's token is needed, so
 * these go through the full API client, apart from client.ts's light public reads.
 */
import type { AgreementDocument, ContractStatus } from '~/features/content/contract/agreements';
import { CONTENT_ROUTES } from '~/features/content/routes';
import { call, type RequestOptions } from '~/platform/client/client';

export type { ContractStatus };

export async function listContracts(options: Pick<RequestOptions, 'signal'> = {}): Promise<ContractStatus[]> {
  return (await call(CONTENT_ROUTES.contracts, {}, options)).list;
}

/** Signs the version the user read; 409 协议已更新，请阅读最新版本后再签署 when a newer one is in force. */
export function signContract(document: AgreementDocument, version: number): Promise<ContractStatus> {
  return call(CONTENT_ROUTES.contractSign, { document, version });
}
