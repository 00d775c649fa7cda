/**
 * Issue 13 image uploads: POST /api/v1/uploads/image judges an image by its bytes, refuses a
 * renamed non-image, an oversize file and a bomb-like huge-dimension header, strips every piece of
 * metadata, makes the card and detail WebP variants once, deduplicates and counts per Shanghai day;
 * GET /uploads/<id>-<hash>/<variant>.webp serves them immutable with an ETag. On PGlite and, when
 * DATABASE_URL_TEST is set, PostgreSQL.
 */
import { deflateSync, crc32 } from 'node:zlib';
import type { APIContext, APIRoute } from 'astro';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UPLOAD_IMAGE_MAX_BYTES, UPLOADS_PER_USER_PER_DAY } from '~/platform/config/constants';
import type { Db } from '~/platform/db/client';
import { uploadedImages } from '~/platform/db/schema';
import type { Envelope } from '~/platform/http/http';
import { issueToken } from '~/features/sign-in/server/tokens';
import { cardVariantUrl, type UploadedImage } from '~/platform/db/uploads';
import { createUser } from '~/features/account/server/users';
import { ALL as uploadOther, POST as uploadRoute } from '~/pages/api/v1/uploads/image';
import { GET as serveRoute, HEAD as serveHead } from '~/pages/uploads/[key]/[file]';
import { TEST_DRIVERS } from './drivers';
import { suiteContext, useSuiteDatabase } from './route-context';

interface Answer<T> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
}

async function invoke(route: APIRoute, request: Request, params: Record<string, string> = {}): Promise<Response> {
  const context = { request, url: new URL(request.url), params, locals: suiteContext.locals() } as unknown as APIContext;
  return route(context);
}

interface UploadOptions {
  authorization?: string;
  purpose?: string | null;
  name?: string;
  type?: string;
  /** Overrides the whole body (and its content-type when given). */
  body?: BodyInit;
  contentType?: string;
  method?: string;
}

async function upload<T = UploadedImage>(file: Uint8Array | null, options: UploadOptions = {}): Promise<Answer<T>> {
  const headers = new Headers();
  if (options.authorization) headers.set('authorization', options.authorization);
  let body: BodyInit | undefined = options.body;
  if (body === undefined) {
    const form = new FormData();
    if (options.purpose !== null) form.set('purpose', options.purpose ?? 'listing');
    if (file) form.set('file', new File([new Uint8Array(file)], options.name ?? 'photo.jpg', { type: options.type ?? 'image/jpeg' }));
    // Sent as bytes, as a browser's upload arrives (undici's FormData stream does not take a cancel well).
    const encoded = new Response(form);
    body = await encoded.bytes();
    headers.set('content-type', encoded.headers.get('content-type')!);
  }
  if (options.contentType) headers.set('content-type', options.contentType);
  const request = new Request('http://localhost/api/v1/uploads/image', { method: options.method ?? 'POST', headers, body });
  const response = await invoke(options.method && options.method !== 'POST' ? uploadOther : uploadRoute, request);
  return { status: response.status, headers: response.headers, body: (await response.json()) as Envelope<T> };
}

async function serve(url: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  const [, , key, file] = url.split('/');
  const request = new Request(`http://localhost${url}`, { method: init.method ?? 'GET', headers: init.headers });
  return invoke(init.method === 'HEAD' ? serveHead : serveRoute, request, { key: key!, file: file! });
}

// ---------------------------------------------------------------------------------------------
// Fixtures: images made here, so the test says exactly what it sends

/** A 3000×2000 JPEG, rotated by EXIF orientation 6, carrying EXIF (with GPS) and an ICC profile. */
async function jpegWithMetadata(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c33' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: 'secret owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 0/1' } })
    .withIccProfile('srgb')
    .toBuffer();
}

const png = (width: number, height: number, colour = '#3c3'): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 4, background: colour } }).png().toBuffer();
const webp = (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: '#33c' } }).webp().toBuffer();

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/** A tiny PNG whose header declares 20000×20000 (400 megapixels): a decompression bomb's shape. */
function bombPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = deflateSync(Buffer.alloc(20_001 * 64)); // a few rows of zeros; the rest never arrives
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}

async function expectNoMetadata(bytes: Uint8Array): Promise<void> {
  const metadata = await sharp(bytes).metadata();
  expect(metadata.format).toBe('webp');
  expect(metadata.exif).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
}

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await serve(url);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

describe.each(TEST_DRIVERS)('image uploads on $label', ({ driver, skip }) => {
  let db: Db;
  let serial = 0;

  async function signedInUser(): Promise<{ userId: number; authorization: string }> {
    const userId = await db.transaction((tx) => createUser(tx, { username: `up_${driver}_${(serial += 1)}`, nickname: '上传测试' }, new Date()));
    if (userId === null) throw new Error('username taken');
    const { token } = await issueToken(db, userId, { now: new Date() });
    return { userId, authorization: `Bearer ${token}` };
  }

  useSuiteDatabase({ driver, skip }, (opened) => {
    db = opened;
  });

  it.skipIf(skip)('a JPEG with EXIF GPS and ICC becomes two upright WebP variants within their boxes, with no metadata', async () => {
    const { authorization } = await signedInUser();
    const original = await jpegWithMetadata();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const result = await upload(original, { authorization });
    expect(result.status).toBe(200);
    expect(result.body.code).toBe(0);
    const data = result.body.data;
    // Orientation 6 turns the 3000×2000 picture upright: 2000 wide, 3000 tall.
    expect({ width: data.width, height: data.height }).toEqual({ width: 2000, height: 3000 });
    expect(data.card_url).toMatch(new RegExp(`^/uploads/${data.id}-[0-9a-f]{12}/card\\.webp$`));
    expect(data.detail_url).toMatch(new RegExp(`^/uploads/${data.id}-[0-9a-f]{12}/detail\\.webp$`));

    const card = await fetchBytes(data.card_url);
    const detail = await fetchBytes(data.detail_url);
    await expectNoMetadata(card);
    await expectNoMetadata(detail);
    expect(await sharp(card).metadata()).toMatchObject({ width: 240, height: 360 });
    expect(await sharp(detail).metadata()).toMatchObject({ width: 853, height: 1280 });
  });

  it.skipIf(skip)('a PNG and a WebP are accepted; a small image is never enlarged', async () => {
    const { authorization } = await signedInUser();
    const fromPng = await upload(await png(1000, 500), { authorization, name: 'a.png', type: 'image/png', purpose: 'complaint' });
    expect(fromPng.status).toBe(200);
    const pngCard = await sharp(await fetchBytes(fromPng.body.data.card_url)).metadata();
    expect(pngCard).toMatchObject({ format: 'webp', width: 480, height: 240 });
    const pngDetail = await sharp(await fetchBytes(fromPng.body.data.detail_url)).metadata();
    expect(pngDetail).toMatchObject({ width: 1000, height: 500 });

    const fromWebp = await upload(await webp(200, 100), { authorization, name: 'avatar.webp', type: 'image/webp', purpose: 'avatar' });
    expect(fromWebp.status).toBe(200);
    for (const url of [fromWebp.body.data.card_url, fromWebp.body.data.detail_url]) {
      const bytes = await fetchBytes(url);
      await expectNoMetadata(bytes);
      expect(await sharp(bytes).metadata()).toMatchObject({ width: 200, height: 100 });
    }
  });

  it.skipIf(skip)('a text file named photo.jpg with type image/jpeg is refused by its content', async () => {
    const { authorization } = await signedInUser();
    const text = new TextEncoder().encode('this is not a picture at all, only text\n'.repeat(20));
    const result = await upload(text, { authorization, name: 'photo.jpg', type: 'image/jpeg' });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ code: 1, msg: '仅支持 JPEG、PNG、WebP 图片' });
    // A real format we do not take (GIF) is refused the same way, whatever it is called.
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer();
    expect((await upload(gif, { authorization, name: 'x.png', type: 'image/png' })).body.msg).toBe('仅支持 JPEG、PNG、WebP 图片');
    // JPEG magic with garbage behind it: refused, never a 500.
    const broken = await upload(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6]), { authorization });
    expect(broken.status).toBe(400);
  });

  it.skipIf(skip)('a body past the cap is refused 413 图片不能超过5MB, streamed or as a file just over 5 MB', async () => {
    const { authorization } = await signedInUser();
    const sixMb = new Uint8Array(6 * 1024 * 1024).fill(0xab);
    const big = await upload(sixMb, { authorization });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 1, msg: '图片不能超过5MB' });
    expect(big.headers.get('connection')).toBe('close');
    // A file one byte past the limit, in a body that still fits the framing allowance.
    const justOver = await upload(new Uint8Array(UPLOAD_IMAGE_MAX_BYTES + 1), { authorization });
    expect(justOver.status).toBe(413);
    // A declared length past the cap is refused before a byte is read.
    const declaredHeaders = new Headers({ authorization, 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(50 * 1024 * 1024) });
    const declared = await invoke(uploadRoute, new Request('http://localhost/api/v1/uploads/image', { method: 'POST', headers: declaredHeaders, body: 'x' }));
    expect(declared.status).toBe(413);
  });

  it.skipIf(skip)('a bomb-like PNG declaring 20000×20000 is refused 400 图片尺寸过大 without decoding it', async () => {
    const { authorization } = await signedInUser();
    const bomb = bombPng();
    expect(bomb.length).toBeLessThan(100_000);
    const before = process.memoryUsage().rss;
    const result = await upload(bomb, { authorization, name: 'bomb.png', type: 'image/png' });
    expect(result.status).toBe(400);
    expect(result.body.msg).toBe('图片尺寸过大');
    // 400 megapixels would take over 400 MB to decode; the refusal reads the header only.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    // A long side past 8000 px is refused too, however few pixels it has.
    const thin = await upload(await png(9000, 10), { authorization, name: 'thin.png', type: 'image/png' });
    expect(thin.status).toBe(400);
    expect(thin.body.msg).toBe('图片尺寸过大');
  });

  it.skipIf(skip)('bad requests get an honest status and a Chinese message', async () => {
    const { authorization } = await signedInUser();
    const image = await png(20, 20);
    const noToken = await upload(image);
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get('www-authenticate')).toBe('Bearer');

    const get = await upload(null, { authorization, method: 'GET', body: null as unknown as BodyInit });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toContain('POST');

    const json = await upload(null, { authorization, body: '{"purpose":"listing"}', contentType: 'application/json' });
    expect(json.status).toBe(415);
    expect(json.body.msg).toBe('请使用 multipart/form-data 上传图片');

    const missingFile = await upload(null, { authorization });
    expect(missingFile.status).toBe(400);
    expect(missingFile.body.msg).toBe('请选择要上传的图片');

    const badPurpose = await upload(image, { authorization, purpose: 'banner' });
    expect(badPurpose.status).toBe(400);
    expect(badPurpose.body.msg).toMatch(/purpose/);
    const missingPurpose = await upload(image, { authorization, purpose: null });
    expect(missingPurpose.status).toBe(400);
    expect(missingPurpose.body.msg).toMatch(/purpose/);

    const nul = await upload(image, { authorization, purpose: 'list\u0000ing' });
    expect(nul.status).toBe(400);
    expect(nul.body.msg).toBe('参数包含非法字符');

    const malformed = await upload(null, { authorization, body: '--b\r\ngarbage', contentType: 'multipart/form-data; boundary=b' });
    expect(malformed.status).toBe(400);

    const twoFiles = new FormData();
    twoFiles.set('purpose', 'listing');
    twoFiles.append('file', new File([new Uint8Array(image)], 'a.png'));
    twoFiles.append('file', new File([new Uint8Array(image)], 'b.png'));
    const encoded = new Response(twoFiles);
    const two = await upload(null, { authorization, body: await encoded.bytes(), contentType: encoded.headers.get('content-type')! });
    expect(two.status).toBe(400);
    expect(two.body.msg).toBe('一次只能上传一张图片');
  });

  it.skipIf(skip)('the same bytes for the same purpose answer the same upload; another purpose is a new one', async () => {
    const { userId, authorization } = await signedInUser();
    const image = await png(64, 48, '#abc');
    const first = await upload(image, { authorization, purpose: 'listing' });
    const again = await upload(image, { authorization, purpose: 'listing' });
    expect(again.body.data).toEqual(first.body.data);
    const avatar = await upload(image, { authorization, purpose: 'avatar' });
    expect(avatar.body.data.id).not.toBe(first.body.data.id);
    const rows = await db.select({ id: uploadedImages.id }).from(uploadedImages).where(eq(uploadedImages.ownerUserId, userId));
    expect(rows).toHaveLength(2);
  });

  it.skipIf(skip)(`the ${UPLOADS_PER_USER_PER_DAY + 1}th upload of a Shanghai day is refused 429`, async () => {
    const { userId, authorization } = await signedInUser();
    const tiny = new Uint8Array([1]);
    await db.insert(uploadedImages).values(
      Array.from({ length: UPLOADS_PER_USER_PER_DAY }, (_, i) => ({
        ownerUserId: userId, purpose: 'listing' as const, sha256: String(i).padStart(64, '0'), width: 1, height: 1,
        card: tiny, cardSha256: '0'.repeat(64), detail: tiny, detailSha256: '0'.repeat(64),
      })),
    );
    const refused = await upload(await png(30, 30), { authorization });
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe('上传次数过多，请明天再试');
    // Another user is not affected.
    const other = await signedInUser();
    expect((await upload(await png(30, 30), { authorization: other.authorization })).status).toBe(200);
  });

  it.skipIf(skip)('GET serves immutable WebP with an ETag, 304 on a match, HEAD without a body, 404 on a wrong hash', async () => {
    const { authorization } = await signedInUser();
    // Large enough that the card and the detail differ.
    const { body } = await upload(await png(1000, 800, '#fa0'), { authorization });
    const url = body.data.card_url;
    const response = await serve(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    // The URL's hash is the start of the served bytes' own sha256.
    expect(etag.slice(1, 13)).toBe(url.split('/')[2]!.split('-')[1]);

    const notModified = await serve(url, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');

    const head = await serve(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/webp');
    expect(await head.text()).toBe('');

    const wrongHash = url.replace(/-([0-9a-f]{12})\//, (_, hash: string) => `-${hash === '0'.repeat(12) ? '1'.repeat(12) : '0'.repeat(12)}/`);
    expect((await serve(wrongHash)).status).toBe(404);
    expect((await serve(url.replace('card.webp', 'poster.webp'))).status).toBe(404);
    expect((await serve(url.replace(/\/uploads\/\d+-/, '/uploads/999999-'))).status).toBe(404);
    expect((await serve('/uploads/abc/card.webp')).status).toBe(404);
    // The card's hash does not open the detail.
    expect((await serve(url.replace('card.webp', 'detail.webp'))).status).toBe(404);
    // Listings keep the detail URL; the card is served under the detail's key too (hall cards), the same bytes.
    const cardByDetailKey = cardVariantUrl(body.data.detail_url);
    expect(cardByDetailKey).toBe(body.data.detail_url.replace('detail.webp', 'card.webp'));
    const viaDetailKey = await serve(cardByDetailKey);
    expect(viaDetailKey.status).toBe(200);
    expect(viaDetailKey.headers.get('etag')).toBe(etag);
    expect(cardVariantUrl('/covers/sjz-1.svg')).toBe('/covers/sjz-1.svg');
  });
});
