import { atom, type WritableAtom } from 'nanostores';
import {
  NOTIFICATION_DURATION_MS,
  NOTIFICATION_MAX_COUNT,
  TOAST_DURATION_MS,
  TOAST_MAX_COUNT,
} from '~/platform/config/constants';
import type { LoginMode } from '~/platform/rules/login-state';

export type MessageKind = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: number;
  kind: MessageKind;
  text: string;
}

export interface Notice {
  id: number;
  kind: MessageKind;
  title: string;
  text: string;
  href?: string;
  /** The link's words; 查看详情 when absent. */
  linkText?: string;
}

/** Spec §9: message toasts, at most 1, 3 s each. */
export const $toasts = atom<Toast[]>([]);
/** Spec §9: notifications, at most 1, 10 s each. */
export const $notices = atom<Notice[]>([]);

let nextId = 1;

function pushLimited<T extends { id: number }>(store: WritableAtom<T[]>, item: T, max: number, ms: number): void {
  store.set([...store.get(), item].slice(-max));
  setTimeout(() => dismiss(store, item.id), ms);
}

function dismiss<T extends { id: number }>(store: WritableAtom<T[]>, id: number): void {
  const list = store.get();
  if (list.some((item) => item.id === id)) store.set(list.filter((item) => item.id !== id));
}

export function showToast(text: string, kind: MessageKind = 'info'): void {
  pushLimited($toasts, { id: nextId++, kind, text }, TOAST_MAX_COUNT, TOAST_DURATION_MS);
}

export const showError = (text: string): void => showToast(text, 'error');
export const showSuccess = (text: string): void => showToast(text, 'success');

export function dismissToast(id: number): void {
  dismiss($toasts, id);
}

/** Shows a notification card; answers its id (dismissNotice, or watching $notices for its end). */
export function showNotice(notice: Omit<Notice, 'id'>): number {
  const id = nextId++;
  pushLimited($notices, { ...notice, id }, NOTIFICATION_MAX_COUNT, NOTIFICATION_DURATION_MS);
  return id;
}

export function dismissNotice(id: number): void {
  dismiss($notices, id);
}

/**
 * Spec §2 modals drawn by React (contactUs is ours: the floating "contact us" button opens it).
 * The emergency notice and the ad popup are plain <dialog>s (platform/ui/plain-dialog.ts, issue 27).
 */
export type ModalName =
  | 'login'
  | 'realName'
  | 'bindPhone'
  | 'hafuCoin'
  | 'complaint'
  | 'officialAccountQr'
  | 'redPacket'
  | 'contactUs'
  /** Ours: the re-authentication window's 验证身份 dialog (platform/ui/reauth.ts). */
  | 'verifyIdentity';

/** Spec §4 login modes; the login modal opens with the requested one. */
export type { LoginMode };

export interface OpenModal {
  name: ModalName;
  props: Record<string, unknown>;
}

export const $modal = atom<OpenModal | null>(null);

export function openModal(name: ModalName, props: Record<string, unknown> = {}): void {
  $modal.set({ name, props });
}

export function closeModal(): void {
  $modal.set(null);
}

export function openLogin(mode: LoginMode = 'scan'): void {
  openModal('login', { mode });
}
