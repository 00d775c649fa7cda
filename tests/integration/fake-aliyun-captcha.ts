/**
 * A local fake of Aliyun Captcha 2.0 (node:http on 127.0.0.1), speaking VerifyIntelligentCaptcha
 * as @alicloud/captcha20230305 calls it: POST / with the action and version in the x-acs-action /
 * x-acs-version headers, the parameters as a form body, signed ACS3-HMAC-SHA256 in the
 * Authorization header. The fake recomputes that signature with the secret it knows and refuses
 * what Aliyun refuses: an unknown AccessKeyId (404 InvalidAccessKeyId.NotFound), a missing or
 * wrong signature (400 IncompleteSignature / SignatureDoesNotMatch), a body that does not match
 * its x-acs-content-sha256, a reused nonce (SignatureNonceUsed). It answers as Aliyun documents:
 * { RequestId, Success, Code, Message, Result: { VerifyResult, VerifyCode } } with T001 for a
 * passed parameter, F001 for a failed one, F002 empty, F003 malformed, F008 a parameter submitted
 * twice, F012 another scene.
 *
 * The parameters come from `issue('pass' | 'fail')`, standing in for what the widget produces in
 * the browser. `mode` makes it misbehave: 'down' (503 ServiceUnavailable), 'hang' (never answers).
 * It also serves a fake widget script at /AliyunCaptcha.js for the e2e test: it defines
 * window.initAliyunCaptcha, renders a 模拟完成验证 button into the embed element, fetches a passing
 * parameter from /widget/solve and hands it to `success` (client architecture V3).
 *
 * No import of the app: the e2e test (Playwright) uses this file too.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_ALIYUN_ACCESS_KEY_ID = 'LTAI5tFakeCaptchaKeyId';
export const FAKE_ALIYUN_ACCESS_KEY_SECRET = 'fake-captcha-secret-0123456789';
export const FAKE_ALIYUN_SCENE_ID = 'sc7f2k9x';
export const FAKE_ALIYUN_PREFIX = 'no1x2y';

export type FakeAliyunMode = 'normal' | 'down' | 'hang';

export interface FakeAliyunRequest {
  action: string;
  accessKeyId: string;
  params: Record<string, string>;
}

export interface FakeAliyunCaptcha {
  /** http://127.0.0.1:<port>: the endpoint ALIYUN_CAPTCHA_ENDPOINT takes. */
  url: string;
  /** Where the fake widget script is served (ALIYUN_CAPTCHA_SCRIPT_URL). */
  scriptUrl: string;
  mode: FakeAliyunMode;
  /** Every verification request that got past the signature check. */
  requests: FakeAliyunRequest[];
  /** A captchaVerifyParam as the widget would make it, which the fake will pass or fail. */
  issue(outcome: 'pass' | 'fail', sceneId?: string): string;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** RFC 3986 encoding as the SDK applies to canonical query values. */
const encode = (value: string): string => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The ACS3-HMAC-SHA256 signature of a request, as Aliyun's gateway recomputes it. */
export function acs3Signature(input: { method: string; path: string; query: URLSearchParams; headers: IncomingMessage['headers']; signedHeaders: string[]; payloadHash: string }, secret: string): string {
  const query = [...input.query.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${encode(value)}`)
    .join('&');
  const headers = input.signedHeaders.map((name) => `${name}:${String(input.headers[name] ?? '').trim()}\n`).join('');
  const canonical = [input.method, input.path, query, headers, input.signedHeaders.join(';'), input.payloadHash].join('\n');
  const stringToSign = `ACS3-HMAC-SHA256\n${sha256Hex(canonical)}`;
  return createHmac('sha256', secret).update(stringToSign, 'utf8').digest('hex');
}

/** The fake widget: what AliyunCaptcha.js offers the page, reduced to one button. */
function widgetScript(origin: string): string {
  return `(() => {
  window.initAliyunCaptcha = (options) => {
    const host = document.querySelector(options.element);
    if (!host) return;
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = '模拟完成验证';
    button.addEventListener('click', async () => {
      const answer = await fetch(${JSON.stringify(`${origin}/widget/solve`)} + '?scene=' + encodeURIComponent(options.SceneId)).then((r) => r.text());
      options.success(answer);
    });
    host.replaceChildren(button);
    if (options.getInstance) options.getInstance({ destroyCaptcha: () => host.replaceChildren() });
  };
})();`;
}

export async function startFakeAliyunCaptcha(): Promise<FakeAliyunCaptcha> {
  const issued = new Map<string, { outcome: 'pass' | 'fail'; sceneId: string; used: boolean }>();
  const nonces = new Set<string>();
  const requests: FakeAliyunRequest[] = [];
  const hanging = new Set<ServerResponse>();

  const issue = (outcome: 'pass' | 'fail', sceneId = FAKE_ALIYUN_SCENE_ID): string => {
    const certifyId = randomUUID();
    const param = JSON.stringify({ certifyId, sceneId, isSign: true, securityToken: createHash('sha256').update(certifyId).digest('base64') });
    issued.set(param, { outcome, sceneId, used: false });
    return param;
  };

  const json = (response: ServerResponse, status: number, body: unknown): void => {
    response.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  const refuse = (response: ServerResponse, status: number, code: string, message: string): void =>
    json(response, status, { RequestId: randomUUID(), HostId: 'captcha.cn-shanghai.aliyuncs.com', Code: code, Message: message });
  const verdict = (response: ServerResponse, verifyResult: boolean, verifyCode: string): void =>
    json(response, 200, { RequestId: randomUUID(), Success: true, Code: 'Success', Message: 'success', Result: { VerifyResult: verifyResult, VerifyCode: verifyCode } });

  const server: Server = createServer((request, response) => {
    readBody(request).then(
      (body) => {
        const url = new URL(request.url ?? '/', 'http://fake');
        if (request.method === 'GET' && url.pathname === '/AliyunCaptcha.js') {
          response.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8', 'access-control-allow-origin': '*' });
          response.end(widgetScript(fake.url));
          return;
        }
        if (request.method === 'GET' && url.pathname === '/widget/solve') {
          response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'access-control-allow-origin': '*' });
          response.end(issue('pass', url.searchParams.get('scene') ?? FAKE_ALIYUN_SCENE_ID));
          return;
        }
        if (fake.mode === 'hang') {
          hanging.add(response);
          return;
        }
        if (fake.mode === 'down') return refuse(response, 503, 'ServiceUnavailable', 'The request has failed due to a temporary failure of the server.');
        if (request.method !== 'POST' || url.pathname !== '/') return refuse(response, 404, 'InvalidAction.NotFound', 'Specified api is not found.');
        if (request.headers['x-acs-action'] !== 'VerifyIntelligentCaptcha' || request.headers['x-acs-version'] !== '2023-03-05') {
          return refuse(response, 404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.');
        }

        const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(String(request.headers['authorization'] ?? ''));
        if (!auth) return refuse(response, 400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
        const [, accessKeyId, signedHeaderList, signature] = auth as unknown as [string, string, string, string];
        if (accessKeyId !== FAKE_ALIYUN_ACCESS_KEY_ID) return refuse(response, 404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
        const signedHeaders = signedHeaderList.split(';');
        for (const required of ['host', 'x-acs-action', 'x-acs-content-sha256', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-version']) {
          if (!signedHeaders.includes(required)) return refuse(response, 400, 'IncompleteSignature', `The header ${required} is not signed.`);
        }
        const payloadHash = sha256Hex(body);
        if (request.headers['x-acs-content-sha256'] !== payloadHash) return refuse(response, 400, 'SignatureDoesNotMatch', 'The payload hash does not match.');
        const expected = acs3Signature({ method: request.method, path: url.pathname, query: url.searchParams, headers: request.headers, signedHeaders, payloadHash }, FAKE_ALIYUN_ACCESS_KEY_SECRET);
        if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) {
          return refuse(response, 400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
        }
        const nonce = String(request.headers['x-acs-signature-nonce']);
        if (nonces.has(nonce)) return refuse(response, 400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
        nonces.add(nonce);

        const params = Object.fromEntries(new URLSearchParams(body));
        requests.push({ action: 'VerifyIntelligentCaptcha', accessKeyId, params });
        const param = params['CaptchaVerifyParam'] ?? '';
        if (param === '') return verdict(response, false, 'F002');
        const known = issued.get(param);
        if (!known) return verdict(response, false, 'F003');
        if (known.used) return verdict(response, false, 'F008');
        known.used = true;
        if (params['SceneId'] !== known.sceneId) return verdict(response, false, 'F012');
        return known.outcome === 'pass' ? verdict(response, true, 'T001') : verdict(response, false, 'F001');
      },
      (error: unknown) => response.destroy(error as Error),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeAliyunCaptcha = {
    url,
    scriptUrl: `${url}/AliyunCaptcha.js`,
    mode: 'normal',
    requests,
    issue,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
