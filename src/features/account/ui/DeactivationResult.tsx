import { useEffect, useState, type ReactNode } from 'react';
import { formatShanghaiDateTime } from '~/platform/rules/shanghai-time';
import { focusRing } from '~/platform/ui/focus-ring';

/**
 * 注销结果 unactive_result: shown after the start, signed out (every session ended),
 * so it reads the cooling-off's end from its address rather than from the server.
 */
export default function DeactivationResult(): ReactNode {
  const [until, setUntil] = useState<Date | null>(null);
  useEffect(() => {
    const raw = new URLSearchParams(location.search).get('until') ?? '';
    const date = new Date(raw);
    setUntil(raw && !Number.isNaN(date.getTime()) ? date : null);
  }, []);
  return (
    <div className="flex max-w-2xl flex-col items-start gap-3 rounded-lg bg-white p-6 text-sm text-neutral-800 ring-1 ring-neutral-200">
      <h2 className="text-lg font-medium text-neutral-900">注销申请已提交</h2>
      <p>{until ? `冷静期至 ${formatShanghaiDateTime(until)}，届时您的个人信息将被删除。` : '冷静期结束后，您的个人信息将被删除。'}</p>
      <p>冷静期内重新登录即可取消注销；所有设备已退出登录。</p>
      <a href="/" className={`mt-2 rounded-full bg-primary px-6 py-2 text-white hover:bg-primary-dark ${focusRing}`}>
        返回首页
      </a>
    </div>
  );
}
