/**
 * Image uploads (issue 13 "Measure"): images processed per second and p50/p95 for a 3 MB phone
 * photo, against decoding the same photo alone.
 *
 * The photo is made here: 4000×3000, gradients, ripples and grain, JPEG quality 92 with EXIF
 * (≈3 MB, what a phone camera sends), plus a 1920×1080 PNG screenshot and, with BENCH_UPLOAD_WEBP=1,
 * the photo as WebP.
 * Every iteration sends different bytes (a counter written into the EXIF text of the JPEG and the
 * WebP, a PNG tEXt chunk for the PNG; the pixels stay the same), so the sha256 dedupe never answers
 * an earlier row; the dedupe hit is measured apart.
 *
 * 1. Baseline: sharp decoding the whole photo to raw pixels (`sharp(bytes).raw().toBuffer()`),
 *    the work no upload path can skip if it looks at every pixel.
 * 2. The service path: `storeImageUpload` on a fresh in-memory PGlite (sniff, header, two WebP
 *    variants, sha256, advisory lock, daily count, insert of both variants).
 * 3. What the endpoint adds: the platform's multipart parser on the 3 MB body, alone; then the
 *    endpoint, POST /api/v1/uploads/image (multipart) against the built production server
 *    (dist/main.mjs on a fresh embedded database), each client signed in as its own demo user.
 *
 * Each measurement runs IMAGES uploads from C concurrent loops; baselines run at the same C in the
 * same process, so "÷ decode" compares like with like. Peak RSS is sampled every 20 ms: this
 * process for 1 and 2 and the parser, the server process (/proc/<pid>/status) for the endpoint.
 *
 * Run: `npx tsx scripts/bench-uploads.ts` (part of `npm run bench`); BENCH_UPLOAD_IMAGES (default 20
 * per measurement) and BENCH_PORT change it.
 */
import { constants, createHmac, publicEncrypt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { UPLOADS_PER_USER_PER_DAY } from '../src/platform/config/constants';
import { openScratchDatabase, type Db } from '../src/platform/db/client';
import { processImage, storeImageUpload } from '../src/platform/db/uploads';
import { createUser } from '../src/features/account/server/users';
import { buildIfNeeded, ROOT } from './build-if-needed.ts';
import { percentile, startAppServer } from './bench-lib.ts';

const IMAGES = Number(process.env['BENCH_UPLOAD_IMAGES'] ?? 20);
/** The WebP photo is slow to make and to decode (about 1.3 s each here): only on request. */
const WITH_WEBP = process.env['BENCH_UPLOAD_WEBP'] === '1';
const PORT = Number(process.env['BENCH_PORT'] ?? 4500) + 7;
const CONCURRENCIES = [1, 2, 4] as const;
const PHOTO_WIDTH_PX = 4000;
const PHOTO_HEIGHT_PX = 3000;
const PHOTO_JPEG_QUALITY = 92;
/** The demo sign-ins (src/app/seed/demo.ts): one per concurrent HTTP client. */
const DEMO_SIGN_INS = [
  ['renter01', 'renter_pass01'],
  ['merchant01', 'merchant_pass01'],
  ['store01', 'store_pass01'],
  ['owner01', 'owner_pass01'],
] as const;
/** Ten digits in the EXIF text that each iteration overwrites with its own number. */
const COUNTER_MARK = 'zuhao-bench-0000000000';

interface Figures {
  count: number;
  perSecond: number;
  p50: number;
  p95: number;
  errors: number;
  firstError: string;
  /** Peak RSS seen while it ran, MiB. */
  peakRssMiB: number;
  /**
   * CPU time (user + system, every thread: libvips' included) per image, ms. Other work on the
   * machine stretches wall time but barely this, so it is the steadier figure on a shared host.
   */
  cpuMsPerImage: number;
}

interface Sample {
  name: string;
  format: string;
  base: Buffer;
  /** The same image with iteration `n` written into it, so no two iterations share a sha256. */
  numbered: (n: number) => Buffer;
}


/** CPU ms used so far by `pid` (null: this process), all threads. */
function cpuMsOf(pid: number | null): number {
  if (pid === null) {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  }
  // /proc/<pid>/stat: utime and stime are fields 14 and 15, in clock ticks (100 per second on Linux).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function rssMiBOf(pid: number | null): number {
  if (pid === null) return process.memoryUsage.rss() / 1024 / 1024;
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/**
 * `count` calls of `work(n)` from `concurrency` loops; the peak RSS of `pid` (null: this process)
 * is sampled every 20 ms meanwhile.
 */
async function run(count: number, concurrency: number, pid: number | null, work: (n: number, loop: number) => Promise<void>): Promise<Figures> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  let firstError = '';
  let peak = rssMiBOf(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiBOf(pid));
  }, 20);
  const cpuBefore = cpuMsOf(pid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      for (let n = next++; n < count; n = next++) {
        const t0 = performance.now();
        try {
          await work(n, loop);
          latencies.push(performance.now() - t0);
        } catch (error) {
          errors += 1;
          firstError ||= error instanceof Error ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}` : String(error);
        }
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  const cpuMs = cpuMsOf(pid) - cpuBefore;
  clearInterval(sampler);
  peak = Math.max(peak, rssMiBOf(pid));
  latencies.sort((a, b) => a - b);
  return { count: latencies.length, perSecond: latencies.length / elapsedS, p50: percentile(latencies, 50), p95: percentile(latencies, 95), errors, firstError, peakRssMiB: peak, cpuMsPerImage: cpuMs / Math.max(1, latencies.length) };
}

// ---------------------------------------------------------------------------------------------
// The images

/** Sky-to-ground gradients, ripples and grain: compresses like a photo, not like a flat fill. */
function photoPixels(width: number, height: number): Buffer {
  // Clamped, as a camera's values are: a wrapped value would be a hard edge JPEG cannot squeeze.
  const pixels = new Uint8ClampedArray(width * height * 3);
  const columnRipple = Float64Array.from({ length: width }, (_, x) => 40 * Math.sin(x / 150));
  const columnFine = Float64Array.from({ length: width }, (_, x) => 25 * Math.sin(x / 37));
  const rowFine = Float64Array.from({ length: height }, (_, y) => Math.cos(y / 53));
  const rowWave = Float64Array.from({ length: height }, (_, y) => 80 * Math.cos(y / 210));
  let seed = 12_345;
  for (let y = 0; y < height; y++) {
    const sky = y / height;
    for (let x = 0; x < width; x++) {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      const grain = (seed / 0x7fffffff - 0.5) * 18;
      const i = (y * width + x) * 3;
      pixels[i] = 60 + 120 * sky + columnRipple[x]! + grain;
      pixels[i + 1] = 90 + rowWave[y]! + 30 * Math.sin((x + y) / 90) + grain;
      pixels[i + 2] = 160 - 90 * sky + columnFine[x]! * rowFine[y]! + grain;
    }
  }
  return Buffer.from(pixels.buffer);
}

/** Overwrites COUNTER_MARK's digits in a copy of `bytes`; the file stays valid (EXIF text only). */
function numberedByMark(bytes: Buffer): (n: number) => Buffer {
  const at = bytes.indexOf(COUNTER_MARK, 0, 'latin1');
  if (at < 0) throw new Error('the counter mark is missing from the encoded image');
  const digitsAt = at + COUNTER_MARK.length - 10;
  return (n) => {
    const copy = Buffer.from(bytes);
    copy.write(String(n).padStart(10, '0'), digitsAt, 'latin1');
    return copy;
  };
}

/** A tEXt chunk (with its CRC) inserted after IHDR: the PNG's pixels are unchanged. */
function numberedPng(bytes: Buffer): (n: number) => Buffer {
  const afterIhdr = 8 + 8 + 13 + 4;
  return (n) => {
    const typed = Buffer.from(`tEXtComment\0zuhao-bench-${n}`, 'latin1');
    const chunk = Buffer.alloc(typed.length + 8);
    chunk.writeUInt32BE(typed.length - 4, 0);
    typed.copy(chunk, 4);
    chunk.writeUInt32BE(crc32(typed) >>> 0, 4 + typed.length);
    return Buffer.concat([bytes.subarray(0, afterIhdr), chunk, bytes.subarray(afterIhdr)]);
  };
}

async function makeSamples(): Promise<Sample[]> {
  const raw = { raw: { width: PHOTO_WIDTH_PX, height: PHOTO_HEIGHT_PX, channels: 3 as const } };
  const pixels = photoPixels(PHOTO_WIDTH_PX, PHOTO_HEIGHT_PX);
  const exif = { IFD0: { Make: 'BenchPhone', Model: 'Camera 12MP', ImageDescription: COUNTER_MARK }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 0/1' } };
  const jpeg = await sharp(pixels, raw).jpeg({ quality: PHOTO_JPEG_QUALITY }).withMetadata({ orientation: 1 }).withExif(exif).toBuffer();
  // A game screenshot: flat panels and text-like stripes over part of the photo, 1920×1080.
  const screen = await sharp(jpeg).resize(1920, 1080, { fit: 'cover' }).composite([
    { input: { create: { width: 1920, height: 120, channels: 4, background: { r: 20, g: 24, b: 38, alpha: 0.92 } } }, top: 0, left: 0 },
    { input: { create: { width: 520, height: 900, channels: 4, background: { r: 240, g: 240, b: 245, alpha: 0.95 } } }, top: 150, left: 1360 },
  ]).png().toBuffer();
  const samples: Sample[] = [
    { name: 'JPEG photo 4000×3000 q92, EXIF', format: 'jpeg', base: jpeg, numbered: numberedByMark(jpeg) },
    { name: 'PNG screenshot 1920×1080', format: 'png', base: screen, numbered: numberedPng(screen) },
  ];
  if (WITH_WEBP) {
    const webp = await sharp(pixels, raw).webp({ quality: 85 }).withExif(exif).toBuffer();
    samples.push({ name: 'WebP photo 4000×3000 q85, EXIF', format: 'webp', base: webp, numbered: numberedByMark(webp) });
  }
  return samples;
}

// ---------------------------------------------------------------------------------------------
// The endpoint's client

async function api<T>(base: string, urlPath: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${base}${urlPath}`, init);
  const body = (await response.json()) as { code: number; msg: string; data: T };
  if (!response.ok || body.code !== 0) throw new Error(`${urlPath}: HTTP ${response.status} ${body.msg}`);
  return body.data;
}

/** A signed password login as the browser makes it (docs/sign-in-api.md); answers the bearer token. */
async function signIn(base: string, username: string, password: string): Promise<string> {
  const challenge = await api<{ public_key: string; sign: string; timestamp: number; nonce_str: string }>(base, '/api/v1/common/getSign');
  const secret = JSON.stringify({ password, challenge: challenge.nonce_str, ts: challenge.timestamp });
  const ciphertext = publicEncrypt({ key: challenge.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(secret, 'utf8')).toString('base64');
  const body = JSON.stringify({ username, password: ciphertext, fingerprint: 'bench-uploads' });
  const sign = createHmac('sha256', challenge.sign).update(`${challenge.timestamp}\n${challenge.nonce_str}\n${body}`, 'utf8').digest('hex');
  const answer = await api<{ token: { token: string } }>(base, '/api/v1/common/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-timestamp': String(challenge.timestamp), 'x-nonce-str': challenge.nonce_str, 'x-sign': sign },
    body,
  });
  return answer.token.token;
}

const BOUNDARY = '----zuhaoBenchBoundary7MA4YWxkTrZu0gW';

/** The multipart body a browser sends: `purpose` and one `file` (built by hand: no encoder in the timing). */
function multipartBody(file: Buffer, format: string): Buffer {
  const head =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nlisting\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="photo.${format}"\r\nContent-Type: image/${format}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`, 'latin1')]);
}

function postUpload(base: string, agent: http.Agent, token: string, body: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/api/v1/uploads/image`,
      {
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': body.length },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode === 200 && (JSON.parse(text) as { code: number }).code === 0) resolve();
          else reject(new Error(`HTTP ${response.statusCode}: ${text.slice(0, 200)}`));
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

// ---------------------------------------------------------------------------------------------

const fmt = (value: number, digits = 1): string => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const notes: string[] = [];

function row(what: string, concurrency: number, figures: Figures, baseline: Figures): void {
  console.log(
    `| ${what} | ${concurrency} | ${fmt(figures.perSecond, 2)} | ${fmt(figures.p50)} | ${fmt(figures.p95)} | ${figures.errors} | ${fmt(figures.peakRssMiB, 0)} | ${fmt(figures.cpuMsPerImage, 0)} | ${fmt(figures.perSecond / baseline.perSecond, 2)} | ${fmt(figures.p95 / baseline.p95, 2)}× | ${fmt(figures.cpuMsPerImage / baseline.cpuMsPerImage, 2)}× |`,
  );
  if (figures.errors > 0) {
    notes.push(`- ${what} at ${concurrency}: ${figures.errors} ERRORS, first: ${figures.firstError}`);
    process.exitCode = 1;
  }
}

const decodeAlone = (bytes: Buffer): Promise<Buffer> => sharp(bytes).raw().toBuffer();

const samples = await makeSamples();
const photo = samples[0]!;
// Warm-up: libvips' first use of each loader and encoder.
for (const sample of samples) {
  await decodeAlone(sample.base);
  await processImage(sample.base);
}

console.log(`\n## Image uploads (${IMAGES} images per measurement; ${os.availableParallelism()} cores)\n`);
for (const sample of samples) {
  const meta = await sharp(sample.base).metadata();
  console.log(`- ${sample.name}: ${(sample.base.length / 1024 / 1024).toFixed(2)} MiB, ${meta.width}×${meta.height}${meta.exif ? `, EXIF ${meta.exif.length} B` : ''}`);
}
console.log(`- sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}): concurrency ${sharp.concurrency()} threads per image, UV_THREADPOOL_SIZE ${process.env['UV_THREADPOOL_SIZE'] ?? '4 (default)'}, SIMD ${sharp.simd()}`);
console.log('');
console.log('| what | concurrent | images/s | p50 ms | p95 ms | errors | peak RSS MiB | CPU ms/image | images/s ÷ decode | p95 ÷ decode p95 | CPU ÷ decode CPU |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');

// 1. The baseline at each concurrency, then the service path on PGlite against it.
const decodeAt = new Map<number, Figures>();
for (const concurrency of CONCURRENCIES) {
  const figures = await run(IMAGES, concurrency, null, async (n) => {
    await decodeAlone(photo.numbered(n));
  });
  decodeAt.set(concurrency, figures);
  row('baseline: sharp full decode of the JPEG photo to raw pixels', concurrency, figures, figures);
}

const scratch = await openScratchDatabase();
try {
  const db: Db = scratch.db;
  let userSerial = 0;
  const newUser = async (): Promise<number> => {
    const id = await db.transaction((tx) => createUser(tx, { username: `bench_up_${(userSerial += 1)}`, nickname: '上传压测' }, new Date()));
    if (id === null) throw new Error('bench user name taken');
    return id;
  };
  // One user per loop and measurement: the daily count (UPLOADS_PER_USER_PER_DAY) is never reached.
  if (IMAGES > UPLOADS_PER_USER_PER_DAY) throw new Error(`BENCH_UPLOAD_IMAGES past the daily limit of ${UPLOADS_PER_USER_PER_DAY}`);
  let offset = 1_000_000;
  for (const concurrency of [1, 2] as const) {
    const owners = await Promise.all(Array.from({ length: concurrency }, newUser));
    const base = (offset += IMAGES);
    const figures = await run(IMAGES, concurrency, null, async (n, loop) => {
      await storeImageUpload(db, owners[loop]!, { purpose: 'listing', bytes: photo.numbered(base + n) }, new Date());
    });
    row('service: storeImageUpload, JPEG photo, PGlite in memory', concurrency, figures, decodeAt.get(concurrency)!);
  }
  // The same bytes again: answered from the sha256 dedupe, no image work.
  const repeatOwner = await newUser();
  await storeImageUpload(db, repeatOwner, { purpose: 'listing', bytes: photo.base }, new Date());
  const dedupe = await run(IMAGES, 1, null, async () => {
    await storeImageUpload(db, repeatOwner, { purpose: 'listing', bytes: photo.base }, new Date());
  });
  row('service: the same JPEG again (sha256 dedupe hit)', 1, dedupe, decodeAt.get(1)!);
  // The other formats at 1, each against decoding that same file.
  for (const sample of samples.slice(1)) {
    const decoded = await run(IMAGES, 1, null, async (n) => {
      await decodeAlone(sample.numbered(n));
    });
    row(`baseline: sharp full decode, ${sample.name}`, 1, decoded, decoded);
    const owner = await newUser();
    const stored = await run(IMAGES, 1, null, async (n) => {
      await storeImageUpload(db, owner, { purpose: 'listing', bytes: sample.numbered(n) }, new Date());
    });
    row(`service: storeImageUpload, ${sample.name}`, 1, stored, decoded);
  }
} finally {
  await scratch.close();
}

// What the endpoint adds before the service runs: the platform's multipart parser
// (src/platform/http/http.ts readMultipartForm) splitting the 3 MB body, on the event loop.
const parse = await run(IMAGES, 1, null, async (n) => {
  const body = multipartBody(photo.numbered(n), photo.format);
  const form = await new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } }).formData();
  const file = form.get('file');
  if (!(file instanceof Blob) || file.size !== photo.base.length) throw new Error('the multipart parser lost the file');
});
row('multipart parse alone: Response.formData() of the 3 MB body (main thread)', 1, parse, decodeAt.get(1)!);

// 3. The endpoint, on the production build.
buildIfNeeded();
const server = await startAppServer(PORT, path.join(ROOT, '.bench-uploads-data'));
try {
  const pid = server.child.pid ?? null;
  const tokens: string[] = [];
  for (const [username, password] of DEMO_SIGN_INS) tokens.push(await signIn(server.base, username, password));
  const agent = new http.Agent({ keepAlive: true, maxSockets: DEMO_SIGN_INS.length });
  const bodies = (offset: number): ((n: number) => Buffer) => (n) => multipartBody(photo.numbered(offset + n), photo.format);
  await postUpload(server.base, agent, tokens[0]!, bodies(9_000_000)(0)); // warm-up: routes, statements, libvips
  notes.push(`- Server process RSS after start, seed, sign-ins and one warm-up upload: ${fmt(rssMiBOf(pid), 0)} MiB.`);
  let offset = 2_000_000;
  const uploadsPerUser = new Array<number>(tokens.length).fill(1);
  for (const concurrency of CONCURRENCIES) {
    const body = bodies((offset += IMAGES));
    const figures = await run(IMAGES, concurrency, pid, async (n, loop) => {
      uploadsPerUser[loop]! += 1;
      await postUpload(server.base, agent, tokens[loop]!, body(n));
    });
    row('endpoint: POST /api/v1/uploads/image, JPEG photo, production server', concurrency, figures, decodeAt.get(concurrency)!);
  }
  if (uploadsPerUser.some((n) => n > UPLOADS_PER_USER_PER_DAY)) notes.push('- WARNING: a demo user passed the daily upload count; lower BENCH_UPLOAD_IMAGES.');
  agent.destroy();
  const hwm = pid === null ? null : /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (hwm) notes.push(`- Server process peak RSS over its whole life (VmHWM): ${fmt(Number(hwm[1]) / 1024, 0)} MiB.`);
} finally {
  await server.stop();
}

console.log('');
notes.push(
  '- Each endpoint client is its own demo user (renter01, merchant01, store01, owner01), signed in over HTTP before timing; the multipart body is built before each request, outside the server.',
  `- Peak RSS: this process for the baseline and the service rows (it also holds the bench's own buffers), the server process for the endpoint rows; sampled every 20 ms. With ${IMAGES} images a p95 is the second slowest (BENCH_UPLOAD_WEBP=1 adds the WebP photo).`,
);
for (const note of notes) console.log(note);
console.log('\nRun: `npx tsx scripts/bench-uploads.ts` (part of `npm run bench`; BENCH_UPLOAD_IMAGES sets the images per measurement).');
