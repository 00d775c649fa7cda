/**
 * Image uploads (spec §7 "uploads"): one endpoint for listing pictures, complaint
 * evidence and avatars. An image is judged by its bytes (magic number, then sharp's header read),
 * never by its name or declared type; a decompression bomb is refused from its header before any
 * pixel is decoded; the upright image is re-encoded once into two WebP variants with every piece of
 * metadata (EXIF with GPS, ICC, XMP) dropped, and both live in the database so every process
 * serves them (docs/decisions.md "Image uploads").
 */
import { createHash } from 'node:crypto';
import { and, count, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { z } from 'zod';
import {
  UPLOAD_CARD_BOX_PX,
  UPLOAD_DETAIL_BOX_PX,
  UPLOAD_FORM_OVERHEAD_BYTES,
  UPLOAD_IMAGE_MAX_BYTES,
  UPLOAD_IMAGE_MAX_PIXELS,
  UPLOAD_IMAGE_MAX_SIDE_PX,
  UPLOAD_PURPOSES,
  UPLOADS_PER_USER_PER_DAY,
  OPS_UPLOADS_PER_OPERATOR_PER_DAY,
  OPS_UPLOAD_PURPOSES,
  type UploadPurpose,
} from '~/platform/config/constants';
import { shanghaiMidnight } from '~/platform/rules/shanghai-time';
import type { Db, DbOrTx, DbTx } from '~/platform/db/client';
import { violatedUniqueConstraint } from '~/platform/db/errors';
import { uploadedImages } from '~/platform/db/schema';
import { inputRefusal } from '~/platform/wire/common';
import { UPLOAD_URL_PATTERN } from '~/platform/wire/common';
import { badRequest, chineseErrorMap, payloadTooLarge, tooManyRequests, validationError } from '~/platform/http/errors';

export const MSG_IMAGE_TOO_LARGE = `图片不能超过${UPLOAD_IMAGE_MAX_BYTES / (1024 * 1024)}MB`;
export const MSG_IMAGE_TYPE = '仅支持 JPEG、PNG、WebP 图片';
export const MSG_IMAGE_DIMENSIONS = '图片尺寸过大';
export const MSG_IMAGE_BROKEN = '图片已损坏，无法读取';
export const MSG_UPLOAD_NOT_MULTIPART = '请使用 multipart/form-data 上传图片';
export const MSG_UPLOAD_BAD_PURPOSE = '参数 purpose 无效';
export const MSG_UPLOAD_NO_FILE = '请选择要上传的图片';
export const MSG_UPLOAD_ONE_FILE = '一次只能上传一张图片';
export const MSG_UPLOAD_DAILY_LIMIT = '上传次数过多，请明天再试';
export const MSG_UPLOAD_ONLY_FILE = '只需上传一个图片文件 file';

/** The two sizes made of every upload. */
export const UPLOAD_VARIANTS = ['card', 'detail'] as const;
export type UploadVariant = (typeof UPLOAD_VARIANTS)[number];

/** Hex digits of a variant's sha256 that its URL carries: a changed image never reuses a URL. */
export const UPLOAD_URL_HASH_LENGTH = 12;

/** First key of the advisory lock that serialises one user's uploads (the second is the user id). */
const UPLOAD_LOCK_NAMESPACE = 0x1a9e;

export type OpsUploadPurpose = (typeof OPS_UPLOAD_PURPOSES)[number];

/** The form's text field: `purpose` in listing | complaint | avatar. */
export const uploadPurposeSchema = z.object({ purpose: z.enum(UPLOAD_PURPOSES) });

export interface ImageUploadForm {
  purpose: UploadPurpose;
  bytes: Uint8Array;
}

export interface UploadedImage {
  id: number;
  card_url: string;
  detail_url: string;
  width: number;
  height: number;
}

/** The body cap of an upload: the file's limit plus room for the form around it. */
export const UPLOAD_FORM_MAX_BYTES = UPLOAD_IMAGE_MAX_BYTES + UPLOAD_FORM_OVERHEAD_BYTES;

/**
 * The upload's fields from its form: 400 for a bad `purpose` (NUL included, named in Chinese like
 * every other field), a missing or empty `file`, more than one `file`; 413 for a file past the cap.
 */
export async function uploadFormFields(form: FormData): Promise<ImageUploadForm> {
  const purposes = form.getAll('purpose');
  const raw = { purpose: purposes.length === 0 ? undefined : purposes.length === 1 ? purposes[0] : purposes };
  if (typeof raw.purpose !== 'string' && raw.purpose !== undefined) throw badRequest(MSG_UPLOAD_BAD_PURPOSE);
  const refusal = inputRefusal(raw);
  if (refusal) throw badRequest(refusal);
  const parsed = uploadPurposeSchema.safeParse(raw, { error: chineseErrorMap });
  if (!parsed.success) throw validationError(parsed.error);
  return { purpose: parsed.data.purpose, bytes: await uploadFileBytes(form) };
}

/** An operator's chat image: the form's one `file` (any other field is refused). */
export async function chatImageBytes(form: FormData): Promise<Uint8Array> {
  for (const key of form.keys()) if (key !== 'file') throw badRequest(MSG_UPLOAD_ONLY_FILE);
  return uploadFileBytes(form);
}

/** The one `file` of an upload form: 400 when missing, empty or given twice, 413 past the cap. */
export async function uploadFileBytes(form: FormData): Promise<Uint8Array> {
  const files = form.getAll('file');
  if (files.length > 1) throw badRequest(MSG_UPLOAD_ONE_FILE);
  const file = files[0];
  if (!(file instanceof Blob) || file.size === 0) throw badRequest(MSG_UPLOAD_NO_FILE);
  if (file.size > UPLOAD_IMAGE_MAX_BYTES) throw payloadTooLarge(MSG_IMAGE_TOO_LARGE);
  return new Uint8Array(await file.arrayBuffer());
}

type SniffedFormat = 'jpeg' | 'png' | 'webp';

/** The format the bytes' magic number names; the name and declared type are never asked. */
export function sniffImageFormat(bytes: Uint8Array): SniffedFormat | null {
  const at = (offset: number, ...expected: number[]): boolean => expected.every((byte, i) => bytes[offset + i] === byte);
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

export interface ProcessedImage {
  width: number;
  height: number;
  card: Buffer;
  detail: Buffer;
}

const sharpOptions = { limitInputPixels: UPLOAD_IMAGE_MAX_PIXELS, failOn: 'error', sequentialRead: true } as const;

/**
 * The two WebP variants of an image: 400 MSG_IMAGE_TYPE unless the bytes are JPEG, PNG or WebP, 400
 * MSG_IMAGE_DIMENSIONS when the header declares more than UPLOAD_IMAGE_MAX_PIXELS or a side past
 * UPLOAD_IMAGE_MAX_SIDE_PX (read from the header alone, so a bomb is never decoded), 400
 * MSG_IMAGE_BROKEN when decoding fails. EXIF orientation is applied; no metadata is kept (sharp
 * writes none unless asked to, and raw pixels carry none).
 */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed) throw badRequest(MSG_IMAGE_TYPE);
  let metadata: Metadata;
  try {
    // The header only: no pixel is decoded here, so our own limits below decide (a clear 400 图片尺寸过大).
    metadata = await sharp(bytes, { ...sharpOptions, limitInputPixels: false }).metadata();
  } catch (error) {
    throw badRequest(MSG_IMAGE_BROKEN, { cause: error });
  }
  if (metadata.format !== sniffed) throw badRequest(MSG_IMAGE_TYPE, { cause: new Error(`magic ${sniffed}, sharp ${metadata.format}`) });
  const { width, height } = metadata.autoOrient;
  if (!(width > 0 && height > 0)) throw badRequest(MSG_IMAGE_BROKEN);
  if (width * height > UPLOAD_IMAGE_MAX_PIXELS || Math.max(width, height) > UPLOAD_IMAGE_MAX_SIDE_PX) throw badRequest(MSG_IMAGE_DIMENSIONS);

  const inside = (box: { width: number; height: number }) => ({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true }) as const;
  try {
    // Decoded once, to the detail size (a JPEG or WebP decodes shrunk on load), as raw pixels that
    // carry no metadata; both WebP variants are made from them in parallel, the card a further
    // shrink of the detail. Decoding the upload once per variant cost about 20% more CPU per image
    // (docs/benchmarks.md "Uploads").
    const { data, info } = await sharp(bytes, sharpOptions).autoOrient().resize(inside(UPLOAD_DETAIL_BOX_PX)).raw().toBuffer({ resolveWithObject: true });
    const pixels = (): Sharp => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const [card, detail] = await Promise.all([
      pixels().resize(inside(UPLOAD_CARD_BOX_PX)).webp({ quality: 82 }).toBuffer(),
      pixels().webp({ quality: 82 }).toBuffer(),
    ]);
    return { width, height, card, detail };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw badRequest(MSG_IMAGE_DIMENSIONS, { cause: error });
    throw badRequest(MSG_IMAGE_BROKEN, { cause: error });
  }
}

function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** `/uploads/<id>-<first 12 hex of the variant's sha256>/<variant>.webp` */
export function uploadUrl(id: number, variant: UploadVariant, variantSha256: string): string {
  return `/uploads/${id}-${variantSha256.slice(0, UPLOAD_URL_HASH_LENGTH)}/${variant}.webp`;
}

const uploadSelection = {
  id: uploadedImages.id,
  width: uploadedImages.width,
  height: uploadedImages.height,
  cardSha256: uploadedImages.cardSha256,
  detailSha256: uploadedImages.detailSha256,
};

function reshapeUpload(row: { id: number; width: number; height: number; cardSha256: string; detailSha256: string }): UploadedImage {
  return {
    id: row.id,
    card_url: uploadUrl(row.id, 'card', row.cardSha256),
    detail_url: uploadUrl(row.id, 'detail', row.detailSha256),
    width: row.width,
    height: row.height,
  };
}

/** Who an upload belongs to: a marketplace user (the site's endpoint) or an operator (the console's ad images). */
export type UploadOwner = { kind: 'user'; userId: number } | { kind: 'operator'; operatorId: number };

/** First keys of the advisory locks that serialise one owner's uploads (the second is the owner's id). */
const UPLOAD_LOCK_NAMESPACE_OPERATOR = 0x1a9f;

function ownerColumn(owner: UploadOwner): SQL {
  return owner.kind === 'user' ? eq(uploadedImages.ownerUserId, owner.userId) : eq(uploadedImages.ownerOperatorId, owner.operatorId);
}

async function findExisting(db: Db, owner: UploadOwner, purpose: UploadPurpose | OpsUploadPurpose, sha256: string): Promise<UploadedImage | null> {
  const [row] = await db
    .select(uploadSelection)
    .from(uploadedImages)
    .where(and(ownerColumn(owner), eq(uploadedImages.purpose, purpose), eq(uploadedImages.sha256, sha256)));
  return row ? reshapeUpload(row) : null;
}

/**
 * Store a user's upload: the same bytes for the same purpose answer the existing row (no new
 * processing, not counted again); otherwise 429 MSG_UPLOAD_DAILY_LIMIT past UPLOADS_PER_USER_PER_DAY
 * per Shanghai day (counted under a per-user lock, so racing uploads cannot both pass the count).
 */
export async function storeImageUpload(db: Db, userId: number, form: ImageUploadForm, now: Date): Promise<UploadedImage> {
  return storeOwnedImage(db, { kind: 'user', userId }, form.purpose, form.bytes, now);
}

export interface OwnedImageOptions {
  /** Runs inside the transaction that inserts a new image (not for a re-upload): the console's audit row. */
  onStored?: (tx: DbTx, image: UploadedImage) => Promise<void>;
}

/**
 * Store an image for `owner` (see storeImageUpload): an operator's uploads are counted per operator
 * against OPS_UPLOADS_PER_OPERATOR_PER_DAY and deduplicated per operator and purpose.
 */
export async function storeOwnedImage(
  db: Db,
  owner: UploadOwner,
  purpose: UploadPurpose | OpsUploadPurpose,
  bytes: Uint8Array,
  now: Date,
  options: OwnedImageOptions = {},
): Promise<UploadedImage> {
  const sha256 = sha256Hex(bytes);
  const existing = await findExisting(db, owner, purpose, sha256);
  if (existing) return existing;

  const image = await processImage(bytes);
  const [namespace, ownerId, dailyLimit] =
    owner.kind === 'user' ? [UPLOAD_LOCK_NAMESPACE, owner.userId, UPLOADS_PER_USER_PER_DAY] : [UPLOAD_LOCK_NAMESPACE_OPERATOR, owner.operatorId, OPS_UPLOADS_PER_OPERATOR_PER_DAY];
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${namespace}::int, ${ownerId}::int)`);
      const [today] = await tx
        .select({ n: count() })
        .from(uploadedImages)
        .where(and(ownerColumn(owner), gte(uploadedImages.createdAt, shanghaiMidnight(now))));
      if (Number(today?.n ?? 0) >= dailyLimit) throw tooManyRequests(MSG_UPLOAD_DAILY_LIMIT);
      const [row] = await tx
        .insert(uploadedImages)
        .values({
          ownerUserId: owner.kind === 'user' ? owner.userId : null,
          ownerOperatorId: owner.kind === 'operator' ? owner.operatorId : null,
          purpose,
          sha256,
          width: image.width,
          height: image.height,
          card: image.card,
          cardSha256: sha256Hex(image.card),
          detail: image.detail,
          detailSha256: sha256Hex(image.detail),
          createdAt: now,
        })
        .returning(uploadSelection);
      if (!row) throw new Error('insert into uploaded_images returned no row');
      const stored = reshapeUpload(row);
      await options.onStored?.(tx, stored);
      return stored;
    });
  } catch (error) {
    // The same image sent twice at once: the second answers the first's row.
    const constraint = violatedUniqueConstraint(error);
    if (constraint === 'uploaded_images_owner_sha_key' || constraint === 'uploaded_images_operator_sha_key') {
      const winner = await findExisting(db, owner, purpose, sha256);
      if (winner) return winner;
    }
    throw error;
  }
}

export interface UploadVariantBytes {
  bytes: Uint8Array;
  sha256: string;
}

/** `<id>-<hash>` of an upload URL, or null when it cannot be one. */
export function parseUploadKey(key: string | undefined): { id: number; hash: string } | null {
  const match = /^([1-9]\d{0,9})-([0-9a-f]{12})$/.exec(key ?? '');
  if (!match) return null;
  const id = Number(match[1]);
  return id <= 2_147_483_647 ? { id, hash: match[2]! } : null;
}

/** `card.webp` / `detail.webp` → the variant, else null. */
export function parseUploadFile(file: string | undefined): UploadVariant | null {
  const match = /^(card|detail)\.webp$/.exec(file ?? '');
  return match ? (match[1] as UploadVariant) : null;
}

/**
 * The listing-card URL of an uploaded image given by its detail URL (listings keep detail URLs):
 * the same key with card.webp, which readUploadVariant serves under the detail's hash too. Any
 * other URL (the demo's covers) is returned as it is.
 */
export function cardVariantUrl(url: string): string {
  return /^\/uploads\/[1-9]\d{0,9}-[0-9a-f]{12}\/detail\.webp$/.test(url) ? url.replace(/detail\.webp$/, 'card.webp') : url;
}

/**
 * A variant's bytes when the id exists and the URL's hash is the variant's own, or (for the card)
 * the detail's: both were made once from the same upload and never change, so either hash names
 * them for good. Anything else is null (404).
 */
export async function readUploadVariant(db: Db, key: string | undefined, file: string | undefined): Promise<UploadVariantBytes | null> {
  const parsed = parseUploadKey(key);
  const variant = parseUploadFile(file);
  if (!parsed || !variant) return null;
  const column = variant === 'card' ? { bytes: uploadedImages.card, sha256: uploadedImages.cardSha256 } : { bytes: uploadedImages.detail, sha256: uploadedImages.detailSha256 };
  const [row] = await db.select({ ...column, detailSha256: uploadedImages.detailSha256 }).from(uploadedImages).where(eq(uploadedImages.id, parsed.id));
  if (!row || !(row.sha256.startsWith(parsed.hash) || row.detailSha256.startsWith(parsed.hash))) return null;
  return { bytes: row.bytes, sha256: row.sha256 };
}

/**
 * The detail URLs of `userId`'s own uploads of `purpose`, given by id or by one of their URLs, in
 * the order given (duplicates once): evidence attached to a complaint or to its answer. Anything
 * else (another user's image, another purpose, a made-up URL) is 400 `invalidMsg`.
 */
export async function ownUploadUrls(db: DbOrTx, userId: number, purpose: UploadPurpose, images: readonly (number | string)[], invalidMsg: string): Promise<string[]> {
  const ids = [
    ...new Set(
      images.map((image) => {
        if (typeof image === 'number') return image;
        const match = UPLOAD_URL_PATTERN.exec(image);
        if (!match) throw badRequest(invalidMsg);
        return Number(match[1]);
      }),
    ),
  ];
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: uploadedImages.id, detailSha256: uploadedImages.detailSha256 })
    .from(uploadedImages)
    .where(and(inArray(uploadedImages.id, ids), eq(uploadedImages.ownerUserId, userId), eq(uploadedImages.purpose, purpose)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw badRequest(invalidMsg);
    return uploadUrl(row.id, 'detail', row.detailSha256);
  });
}
