import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PhonePanel } from '~/features/sign-in/ui/PhonePanel';
import { RegisterPanel } from '~/features/sign-in/ui/RegisterPanel';

const html = (component: (props: never) => unknown): string => renderToStaticMarkup(createElement(component as never));

/** Every input has a label pointing at it. */
function expectLabelled(markup: string): void {
  const inputIds = [...markup.matchAll(/<input[^>]*\bid="([^"]+)"/g)].map((m) => m[1]);
  expect(inputIds.length).toBeGreaterThan(0);
  for (const id of inputIds) expect(markup).toContain(`for="${id}"`);
}

/** The agreement line keeps its exact words (spec §5); each document's name opens its current version in a new tab. */
function expectAgreementLinks(markup: string): void {
  expect(markup.replace(/<[^>]+>/g, '')).toContain('我已阅读并同意《平台服务协议》和《隐私政策》');
  expect(markup).toMatch(/<a href="\/agreement\/service" target="_blank" rel="noopener"[^>]*>《平台服务协议》<\/a>和<a href="\/agreement\/privacy" target="_blank" rel="noopener"[^>]*>《隐私政策》<\/a>/);
}

describe('login panels render labelled forms (spec §4 modes)', () => {
  it('phone: 手机号, 验证码 with 获取验证码, agreement, 登录', () => {
    const markup = html(PhonePanel);
    expect(markup).toContain('获取验证码');
    expectAgreementLinks(markup);
    expect(markup).toMatch(/<button[^>]*type="submit"[^>]*>登录<\/button>/);
    expectLabelled(markup);
  });

  it('register: phone, code, password, optional invite', () => {
    const markup = html(RegisterPanel);
    expect(markup).toContain('邀请码（选填）');
    expectAgreementLinks(markup);
    expectLabelled(markup);
  });
});
