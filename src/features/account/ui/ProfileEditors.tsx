import { useId, useRef, useState, type ReactNode } from 'react';
import { updateProfile, uploadAvatar } from '~/features/account/client/account';
import { validateNickname } from '~/features/account/rules/account-settings';
import { $auth, setUser, type UserInfo } from '~/platform/stores/auth';
import { showSuccess } from '~/platform/stores/ui';
import { inputClass } from '~/platform/ui/Field';
import { keepSubmitLocal, runAction } from '~/platform/ui/use-form-fields';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { displayName, nameInitial } from '~/layouts/user-menu';

export const NICKNAME_SAVED_MSG = '昵称已更新';
export const AVATAR_SAVED_MSG = '头像已更新';
const smallButton = 'rounded border border-primary px-3 py-1 text-xs text-primary hover:bg-primary-light focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/** The saved profile goes into the auth store, so the header's name and avatar change at once. */
function keep(profile: UserInfo): void {
  setUser({ ...$auth.get().user, ...profile });
}

/** 昵称 with 修改: an inline form checked as the server checks it (rules/account-settings.ts). */
export function NicknameEditor({ user }: { user: UserInfo }): ReactNode {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const current = displayName(user);

  async function save(): Promise<void> {
    const problem = validateNickname(value);
    setError(problem);
    if (problem !== null) return;
    await runAction(async () => {
      keep(await updateProfile({ nickname: value.trim() }));
      showSuccess(NICKNAME_SAVED_MSG);
      setEditing(false);
    }, '保存失败，请稍后重试');
  }

  if (!editing) {
    return (
      <span className="flex flex-wrap items-center gap-3">
        <span className="break-all">{current}</span>
        <button
          type="button"
          className={smallButton}
          onClick={() => {
            setValue(user.nickname ?? '');
            setError(null);
            setEditing(true);
          }}
        >
          修改昵称
        </button>
      </span>
    );
  }
  return (
    <form noValidate onSubmit={keepSubmitLocal} className="flex max-w-md flex-col gap-1">
      <label htmlFor={inputId} className="sr-only">
        新昵称
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={inputId}
          value={value}
          maxLength={32}
          autoFocus
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${inputId}-error`}
          placeholder="2-16个字符"
          className={`${inputClass} max-w-[14rem] flex-1`}
        />
        <DebounceButton type="submit" onAction={save} className="rounded bg-primary px-4 py-2 text-sm text-white hover:bg-primary-dark">
          保存
        </DebounceButton>
        <button type="button" onClick={() => setEditing(false)} className="rounded border border-gray-300 px-4 py-2 text-sm text-gray-700 hover:bg-gray-50">
          取消
        </button>
      </div>
      <p id={`${inputId}-error`} role="alert" className="min-h-[1.25rem] text-xs text-primary">
        {error ?? ''}
      </p>
    </form>
  );
}

/** 头像 with 更换头像: the picture goes through the image upload (content-sniffed, re-encoded). */
export function AvatarEditor({ user }: { user: UserInfo }): ReactNode {
  const fileRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const avatar = typeof user.avatar === 'string' && user.avatar ? user.avatar : null;

  async function onFile(file: File | undefined): Promise<void> {
    if (!file) return;
    setBusy(true);
    await runAction(async () => {
      const uploaded = await uploadAvatar(file);
      keep(await updateProfile({ avatar: uploaded.id }));
      showSuccess(AVATAR_SAVED_MSG);
    }, '上传失败，请稍后重试');
    setBusy(false);
    if (fileRef.current) fileRef.current.value = '';
  }

  return (
    <span className="flex items-center gap-3">
      {avatar ? (
        <img src={avatar} alt="我的头像" width={48} height={48} className="h-12 w-12 rounded-full object-cover" />
      ) : (
        <span aria-hidden="true" className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-primary text-lg font-semibold text-white">
          {nameInitial(displayName(user))}
        </span>
      )}
      <label htmlFor={inputId} className={`${smallButton} cursor-pointer`} aria-busy={busy || undefined}>
        {busy ? '上传中…' : '更换头像'}
      </label>
      <input
        id={inputId}
        ref={fileRef}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        disabled={busy}
        onChange={(event) => void onFile(event.target.files?.[0])}
      />
      <span className="text-xs text-gray-500 max-sm:hidden">JPG/PNG/WebP，不超过5MB</span>
    </span>
  );
}
