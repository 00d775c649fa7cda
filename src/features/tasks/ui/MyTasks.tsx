import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { listMyTasks, type TaskView } from '~/features/tasks/client';
import { $isLoggedIn } from '~/platform/stores/auth';
import { focusRing } from '~/platform/ui/focus-ring';

const STATE_STYLE: Record<TaskView['state'], string> = {
  open: 'bg-emerald-50 text-emerald-700',
  accepted: 'bg-blue-50 text-blue-700',
  expired: 'bg-neutral-100 text-neutral-500',
  closed: 'bg-neutral-100 text-neutral-500',
};

/** The signed-in renter's latest tasks above the hall, each with its offer count; nothing for visitors. */
export default function MyTasks(): ReactNode {
  const $loggedIn = useStore($isLoggedIn, { ssr: () => false });
  const [tasks, setTasks] = useState<TaskView[] | null>(null);

  useEffect(() => {
    if (!$loggedIn) return;
    const controller = new AbortController();
    listMyTasks({ page: 1, page_size: 5 }, { signal: controller.signal })
      .then((page) => setTasks(page.list))
      .catch(() => setTasks([]));
    return () => controller.abort();
  }, [$loggedIn]);

  if (!$loggedIn || !tasks || tasks.length === 0) return null;
  return (
    <section aria-labelledby="my-tasks-title" className="mb-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-neutral-200">
      <h2 id="my-tasks-title" className="mb-2 font-bold text-neutral-900">我发布的任务</h2>
      <ul className="divide-y divide-neutral-100">
        {tasks.map((task) => (
          <li key={task.id} className="flex items-center gap-3 py-2 text-sm">
            <span className={`shrink-0 rounded px-1.5 py-0.5 text-xs ${STATE_STYLE[task.state]}`}>{task.state_text}</span>
            <a href={`/task?id=${task.id}`} className={`min-w-0 flex-1 truncate text-neutral-800 hover:text-primary ${focusRing}`}>
              {task.game_name} · {task.requirements}
            </a>
            <span className="shrink-0 text-xs text-neutral-500">{task.offer_count} 个报价</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
