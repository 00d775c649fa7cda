/**
 * The wanted board (/task and /task-publish); the investment form's call is the activities'
 * (features/activities/client.ts).
 * The hall and a task's public part are server rendered; these calls carry the user's token for
 * what only they may see or do (offers, publishing, accepting).
 */
import type { Page } from '~/platform/wire/common';
import type { OfferableListing, TaskAcceptAnswer, TaskDetail, TaskOfferView, TaskView } from '~/features/tasks/contract';
import { TASK_ROUTES, type TaskPublishRequest } from '~/features/tasks/routes';
import { call, type RequestOptions } from '~/platform/client/client';

export type * from '~/features/tasks/contract';
export type { TaskOfferRequest, TaskPublishRequest } from '~/features/tasks/routes';

type Signal = Pick<RequestOptions, 'signal'>;

export function publishTask(request: TaskPublishRequest): Promise<TaskView> {
  return call(TASK_ROUTES.publish, { ...request });
}

/** The task with the offers the caller may see (all for its owner, their own for a seller). */
export function getTaskDetail(id: number, options: Signal = {}): Promise<TaskDetail> {
  return call(TASK_ROUTES.detail, { id }, options);
}

export function listMyTasks(query: { page: number; page_size: number }, options: Signal = {}): Promise<Page<TaskView>> {
  return call(TASK_ROUTES.mine, { ...query }, options);
}

export function listOfferableListings(taskId: number, options: Signal = {}): Promise<OfferableListing[]> {
  return call(TASK_ROUTES.offerable, { id: taskId }, options);
}

export function makeOffer(request: { task_id: number; listing_id: number; price_hour_fen: number; note: string }): Promise<TaskOfferView> {
  return call(TASK_ROUTES.offer, { ...request });
}

/** The order of the accepted offer (unpaid); accepting the same offer again answers the same order. */
export function acceptOffer(offerId: number): Promise<TaskAcceptAnswer> {
  return call(TASK_ROUTES.accept, { offer_id: offerId });
}

export function closeTask(taskId: number): Promise<TaskView> {
  return call(TASK_ROUTES.close, { task_id: taskId });
}
