import { useId, type ReactNode } from 'react';
import { listContracts, signContract, type ContractStatus } from '~/features/content/contracts-client';
import { formatShanghaiDateTime } from '~/platform/rules/shanghai-time';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { focusRing, phoneTapTarget } from '~/platform/ui/focus-ring';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Skeleton } from '~/platform/ui/Skeleton';
import { useRemote } from '~/platform/ui/use-remote';
import { showSuccess } from '~/platform/stores/ui';

const fetchContracts = (signal: AbortSignal): Promise<ContractStatus[]> => listContracts({ signal });

/** What a row says of the user's signature. */
export function contractLine(contract: ContractStatus): string {
  if (contract.current_version === null) return '运营方尚未发布';
  const when = (iso: string | null): string => (iso ? `（${formatShanghaiDateTime(new Date(iso))}）` : '');
  if (contract.signed) return `已签署第${contract.current_version}版${when(contract.signed_at)}`;
  if (contract.signed_version !== null) return `已更新至第${contract.current_version}版，您签署的是第${contract.signed_version}版`;
  return `第${contract.current_version}版，尚未签署`;
}

/**
 * 协议签署 in 账号设置 (spec §7 account "contract signing"): 《平台服务协议》 and 《隐私政策》 with
 * the version in force, a link to read it and 签署 when the user has not signed that version (a
 * QR sign-in has no agreement box, and a version published later was never accepted).
 */
export function ContractsSetting({ className }: { className: string }): ReactNode {
  const contracts = useRemote(fetchContracts, 'account-contracts');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={className}>
      <h2 id={titleId} className="text-base font-medium text-neutral-900">
        协议签署
      </h2>
      {contracts.remote.kind === 'loading' ? (
        <Skeleton lines={2} className="mt-3" />
      ) : contracts.remote.kind === 'failed' ? (
        <LoadFailed text="获取协议信息失败" onRetry={contracts.reload} />
      ) : (
        <ul className="mt-3 divide-y divide-neutral-100 text-sm">
          {contracts.remote.data.map((contract) => (
            <li key={contract.document} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2.5" data-contract={contract.document} data-signed={contract.signed}>
              <a href={contract.href} target="_blank" rel="noopener" className={`font-medium text-neutral-800 hover:text-primary ${phoneTapTarget} ${focusRing}`}>
                《{contract.title}》
              </a>
              <span className="min-w-0 text-neutral-600 max-sm:order-last max-sm:basis-full sm:flex-1">{contractLine(contract)}</span>
              {contract.current_version !== null && !contract.signed ? (
                <DebounceButton
                  onAction={async () => {
                    const signed = await signContract(contract.document, contract.current_version!);
                    contracts.replace(contracts.remote.kind === 'ready' ? contracts.remote.data.map((row) => (row.document === signed.document ? signed : row)) : [signed]);
                    showSuccess(`已签署《${signed.title}》`);
                  }}
                  className="rounded border border-primary px-2.5 py-1 text-xs text-primary hover:bg-primary-light max-md:min-h-11 max-md:px-4"
                  aria-label={`签署《${contract.title}》第${contract.current_version}版`}
                >
                  签署
                </DebounceButton>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
