/**
 * The image upload route (spec §7 "uploads"), declared once for every feature that uploads a
 * picture (avatars, listing pictures, complaint evidence, chat images). The body is a
 * multipart/form-data form with `purpose` and one `file`, so the browser sends it with
 * `upload(route, form)` (platform/client/client.ts), and the endpoint keeps `handle()` with the
 * limits of platform/db/uploads.ts (UPLOAD_FORM_MAX_BYTES, its 413 and 415 messages).
 */
import { route } from '~/platform/wire/route';

/** What an upload answers (platform/db/uploads.ts UploadedImage). */
export interface UploadedImage {
  id: number;
  card_url: string;
  detail_url: string;
  width: number;
  height: number;
}

export const UPLOAD_ROUTES = {
  /** Bearer. JPEG, PNG or WebP by content, at most 5 MB; the same bytes answer the earlier upload. */
  image: route.post<FormData, UploadedImage>('/uploads/image'),
};
