/**
 * The wanted board's routes (/task and /task-publish; docs/decisions.md "Wanted board and
 * investment leads"), declared once: the browser calls them with `call(route, input)`, the
 * endpoints serve them with the schemas of wire.ts. The hall and a task are public; everything
 * else needs the signed-in user's token.
 */
import { route } from '~/platform/wire/route';
import type { Page } from '~/platform/wire/common';
import type { OfferableListing, TaskAcceptAnswer, TaskDetail, TaskOfferView, TaskView } from '~/features/tasks/contract';

export interface TaskPublishRequest {
  game_id: number;
  requirements: string;
  budget_hour_fen: number;
  hours: number;
  expiry_hours: number;
}

export interface TaskOfferRequest {
  task_id: number;
  listing_id: number;
  price_hour_fen: number;
  /** Up to TASK_OFFER_NOTE_MAX_CHARS characters; absent means none. */
  note?: string;
}

export interface TaskPaging {
  page?: number;
  page_size?: number;
}

export const TASK_ROUTES = {
  /** The hall: open tasks not yet expired, newest first, of one game or all; public. */
  list: route.get<TaskPaging & { game_id?: number }, Page<TaskView>>('/task/list'),
  /** One task, with the offers the caller may see (all for its owner, their own for a seller). */
  detail: route.get<{ id: number }, TaskDetail>('/task/detail'),
  /** The caller's own tasks, every state, newest first. */
  mine: route.get<TaskPaging, Page<TaskView>>('/task/mine'),
  /** The caller's listed accounts of the task's game not yet offered on it. */
  offerable: route.get<{ id: number }, OfferableListing[]>('/task/offerable'),
  publish: route.post<TaskPublishRequest, TaskView>('/task/publish'),
  /** A seller offers one of their own listed accounts. */
  offer: route.post<TaskOfferRequest, TaskOfferView>('/task/offer'),
  /** The owner accepts an offer: the order to pay (the same order when accepted again). */
  accept: route.post<{ offer_id: number }, TaskAcceptAnswer>('/task/accept'),
  /** The owner takes an open task off the board. */
  close: route.post<{ task_id: number }, TaskView>('/task/close'),
};
