import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { createCaptcha, verifyCaptcha, type CaptchaAction, type CaptchaChallenge } from '~/features/sign-in/client/auth';
import { AliyunCaptchaWidget } from '~/features/sign-in/ui/AliyunCaptchaWidget';
import { AltchaWidget } from '~/features/sign-in/ui/AltchaWidget';
import { failureText, isApiError } from '~/platform/client/errors';
import { Modal } from '~/platform/ui/Modal';
import { Spinner } from '~/platform/ui/Spinner';

/** spec §8: a wrong slider answer (the server's msg, which the client toasts). */
export const CAPTCHA_FAILED_MSG = '滑块验证后端校验不通过';
const KEY_STEP_PX = 2;
const KEY_BIG_STEP_PX = 10;

export interface SliderCaptchaHandle {
  element: ReactNode;
  /** Shows a puzzle; resolves the verify_key for `action`, or null if the user gives up. */
  ask(action: CaptchaAction): Promise<string | null>;
}

/**
 * The captcha dialog (docs/sign-in-api.md "Captcha"), asked for imperatively: the slider, the
 * ALTCHA widget when the server answers an ALTCHA challenge (CAPTCHA_PROVIDER=altcha), or Aliyun's
 * widget when it answers an Aliyun captcha (CAPTCHA_PROVIDER=aliyun).
 */
export function useSliderCaptcha(): SliderCaptchaHandle {
  const [action, setAction] = useState<CaptchaAction | null>(null);
  const resolver = useRef<((key: string | null) => void) | null>(null);

  function finish(key: string | null): void {
    setAction(null);
    resolver.current?.(key);
    resolver.current = null;
  }

  return {
    element: action ? <SliderCaptchaDialog action={action} onDone={finish} /> : null,
    ask: (next) => {
      resolver.current?.(null);
      setAction(next);
      return new Promise((resolve) => {
        resolver.current = resolve;
      });
    },
  };
}

function SliderCaptchaDialog({ action, onDone }: { action: CaptchaAction; onDone(key: string | null): void }): ReactNode {
  const [challenge, setPuzzle] = useState<CaptchaChallenge | null>(null);
  const puzzle = challenge && !('kind' in challenge) ? challenge : null;
  const altcha = challenge && 'kind' in challenge && challenge.kind === 'altcha' ? challenge : null;
  const aliyun = challenge && 'kind' in challenge && challenge.kind === 'aliyun' ? challenge : null;
  const [failed, setFailed] = useState(false);
  const [x, setX] = useState(0);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const drag = useRef<{ pointerId: number; startClientX: number; startX: number } | null>(null);
  const alive = useRef(true);
  const sliderRef = useRef<HTMLDivElement>(null);

  async function load(): Promise<void> {
    setPuzzle(null);
    setFailed(false);
    setX(0);
    try {
      const next = await createCaptcha();
      if (alive.current) setPuzzle(next);
    } catch {
      if (alive.current) setFailed(true); // the client has shown why
    }
  }

  useEffect(() => {
    alive.current = true;
    void load();
    return () => {
      alive.current = false;
    };
  }, []);

  // A new puzzle takes the focus to its slider (the dialog opened before it arrived).
  useEffect(() => {
    if (puzzle) sliderRef.current?.focus();
  }, [puzzle]);

  async function submitAltcha(payload: string): Promise<void> {
    if (!altcha || busy) return;
    setBusy(true);
    setStatus('正在提交…');
    try {
      const { verify_key } = await verifyCaptcha({ captcha_id: altcha.captcha_id, altcha: payload, web_action: action });
      onDone(verify_key);
    } catch (error) {
      if (!alive.current) return;
      setStatus(failureText(error, '人机验证未通过，请重试'));
      await load();
    } finally {
      if (alive.current) setBusy(false);
    }
  }

  /** The Aliyun widget's answer; true when it bought a verify_key (the V2 widget shows the verdict). */
  async function submitAliyun(param: string): Promise<boolean> {
    if (!aliyun || busy) return false;
    setBusy(true);
    setStatus('正在提交…');
    try {
      const { verify_key } = await verifyCaptcha({ captcha_id: aliyun.captcha_id, aliyun: param, web_action: action });
      onDone(verify_key);
      return true;
    } catch (error) {
      if (!alive.current) return false;
      setStatus(failureText(error, '人机验证未通过，请重试'));
      // Each captcha takes one answer, here and at Aliyun: a new one starts the widget again.
      await load();
      return false;
    } finally {
      if (alive.current) setBusy(false);
    }
  }

  const maxX = puzzle ? puzzle.width - puzzle.piece_size : 0;
  const clamp = (value: number): number => Math.round(Math.min(maxX, Math.max(0, value)));

  async function submit(atX: number): Promise<void> {
    if (!puzzle || busy) return;
    setBusy(true);
    setStatus('正在验证…');
    try {
      const { verify_key } = await verifyCaptcha({ captcha_id: puzzle.captcha_id, x: atX, web_action: action });
      onDone(verify_key);
    } catch (error) {
      if (!alive.current) return;
      // A wrong answer: the client toasted 滑块验证后端校验不通过; a puzzle takes one answer.
      setStatus(isApiError(error) ? `${error.msg}，请重试` : `${CAPTCHA_FAILED_MSG}，请重试`);
      await load();
    } finally {
      if (alive.current) setBusy(false);
    }
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>): void {
    if (!puzzle || busy) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, startClientX: event.clientX, startX: x };
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>): void {
    const current = drag.current;
    if (current?.pointerId === event.pointerId) setX(clamp(current.startX + event.clientX - current.startClientX));
  }
  function onPointerUp(event: PointerEvent<HTMLDivElement>): void {
    const current = drag.current;
    if (current?.pointerId !== event.pointerId) return;
    drag.current = null;
    const finalX = clamp(current.startX + event.clientX - current.startClientX);
    setX(finalX);
    void submit(finalX);
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const step = event.shiftKey ? KEY_BIG_STEP_PX : KEY_STEP_PX;
    const moves: Record<string, number> = { ArrowRight: x + step, ArrowUp: x + step, ArrowLeft: x - step, ArrowDown: x - step, Home: 0, End: maxX };
    if (event.key === 'Enter') {
      event.preventDefault();
      void submit(x);
    } else if (moves[event.key] !== undefined) {
      event.preventDefault();
      setX(clamp(moves[event.key]!));
    }
  }

  return (
    <Modal open title="安全验证" width={420} onClose={() => onDone(null)}>
      {aliyun ? (
        <AliyunCaptchaWidget captcha={aliyun} onSolved={submitAliyun} />
      ) : altcha ? (
        <div className="flex flex-col gap-2">
          <AltchaWidget captcha={altcha} onSolved={(payload) => void submitAltcha(payload)} />
          <p className="text-center text-xs text-gray-500">正在本机完成一次计算以确认您不是机器人，通常只需几秒。</p>
        </div>
      ) : puzzle ? (
        <div className="mx-auto flex flex-col gap-3" style={{ width: puzzle.width, maxWidth: '100%' }}>
          <div className="relative overflow-hidden rounded" style={{ width: puzzle.width, height: puzzle.height }}>
            <img src={puzzle.image} alt="拼图背景" width={puzzle.width} height={puzzle.height} draggable={false} />
            <img
              src={puzzle.piece}
              alt=""
              width={puzzle.piece_size}
              height={puzzle.piece_size}
              draggable={false}
              className="absolute"
              style={{ left: x, top: puzzle.piece_y }}
            />
          </div>
          <div className="relative h-10 rounded bg-gray-100 select-none">
            <div className="absolute inset-y-0 left-0 rounded bg-primary-light" style={{ width: x + 40 }} aria-hidden="true" />
            <span className="absolute inset-0 flex items-center justify-center text-xs text-gray-500" aria-hidden="true">
              向右拖动滑块完成拼图
            </span>
            <div
              ref={sliderRef}
              role="slider"
              tabIndex={0}
              aria-label="拖动滑块完成拼图"
              aria-valuemin={0}
              aria-valuemax={maxX}
              aria-valuenow={x}
              aria-disabled={busy || undefined}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={() => (drag.current = null)}
              onKeyDown={onKeyDown}
              className="absolute top-0 flex h-10 w-10 cursor-grab touch-none items-center justify-center rounded bg-primary text-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
              style={{ left: x }}
            >
              <span aria-hidden="true">→</span>
            </div>
          </div>
          <p className="text-xs text-gray-500">可用方向键移动滑块，按回车提交。</p>
        </div>
      ) : failed ? (
        <div className="flex flex-col items-center gap-3 py-6 text-sm text-gray-600">
          <p>验证图片加载失败</p>
          <button type="button" onClick={() => void load()} className="rounded border border-gray-300 px-4 py-1.5 text-sm hover:bg-gray-50">
            重新加载
          </button>
        </div>
      ) : (
        <div className="flex justify-center py-10">
          <Spinner className="h-6 w-6" />
          <span className="sr-only">正在加载验证图片</span>
        </div>
      )}
      <div className="mt-3 flex items-center justify-between">
        <p role="status" aria-live="polite" className="text-xs text-gray-600">
          {status}
        </p>
        <button type="button" disabled={busy} onClick={() => void load()} className="text-xs text-gray-500 hover:text-primary">
          换一张
        </button>
      </div>
    </Modal>
  );
}
