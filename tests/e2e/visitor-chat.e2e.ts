/**
 * Visitors reach customer service (issue 26 part 3), end to end: a first-time visitor (no stored
 * state at all, so the home page's popups come first) opens 在线客服 without signing in and writes;
 * the agent (kf01) sees the conversation marked 访客, takes it and answers; the answer reaches the
 * visitor without reloading. At 1280 px the visitor then signs in (merchant01, an account no other
 * chat spec uses) and the same conversation is the account's. At 1280 px (the floating panel) and
 * 390 px (the full-page chat on /redirect).
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn, signInOperator, waitForChrome } from './support';

test.describe.configure({ mode: 'serial' });

/** Closes whatever popups a first visit brings (one per page view: the emergency notice), however many come. */
async function dismissPopups(page: Page): Promise<void> {
  const dialogs = page.getByRole('dialog');
  for (let round = 0; round < 4; round += 1) {
    const appeared = await dialogs
      .first()
      .waitFor({ state: 'visible', timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
    if (!appeared) return;
    const known = dialogs.first().getByRole('button', { name: '知道了' });
    if (await known.isVisible()) await known.click();
    else await page.keyboard.press('Escape');
    await expect(dialogs).toHaveCount(0);
  }
}

for (const width of [1280, 390] as const) {
  test(`at ${width} px a visitor writes to 在线客服 without signing in and reads the agent's answer`, async ({ browser }) => {
    test.setTimeout(150_000);
    const tag = `${width}-${Date.now().toString(36)}`;
    // A first-time visitor: no popups seen, no token, no visitor token.
    const visitorContext = await browser.newContext({ storageState: { cookies: [], origins: [] }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width, height: width === 390 ? 844 : 860 } });
    const agentContext = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1280, height: 860 } });
    const visitor = await visitorContext.newPage();
    const agent = await agentContext.newPage();
    try {
      // Entering home from another page runs its popup checks, as a visitor browsing would.
      await visitor.goto('/help');
      await waitForChrome(visitor);
      await visitor.goto('/');
      await waitForChrome(visitor);
      await dismissPopups(visitor);
      expect(await visitor.evaluate(() => localStorage.getItem('chat_visitor'))).toBeNull();

      await visitor.getByRole('navigation', { name: '快捷服务' }).getByRole('link', { name: '在线客服', exact: true }).click();
      let chat;
      if (width === 1280) {
        chat = visitor.getByRole('dialog', { name: '在线客服' });
        await expect(chat).toBeVisible();
      } else {
        await expect(visitor).toHaveURL(/\/redirect$/);
        chat = visitor.getByRole('main');
      }
      // No sign-in wall: the visitor writes at once (text only; 图片 and 订单 are an account's).
      await expect(chat.getByText('您尚未登录')).toBeVisible();
      await expect(chat.getByRole('button', { name: '发送图片' })).toHaveCount(0);
      const log = chat.getByRole('log', { name: '聊天记录' });
      const input = chat.getByLabel('输入消息');
      await input.fill(`访客咨询：怎么租号 ${tag}`);
      await input.press('Enter');
      const mine = log.getByRole('listitem').filter({ hasText: `访客咨询：怎么租号 ${tag}` });
      await expect(mine).toBeVisible();
      await expect(mine.getByText('未读', { exact: true })).toBeVisible();
      await expect(chat.getByRole('status').first()).toContainText(/排队|接入|客服/);
      expect(await visitor.evaluate(() => localStorage.getItem('chat_visitor'))).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await visitor.screenshot({ path: test.info().outputPath(`visitor-${width}-waiting.png`) });

      // The agent sees it marked 访客, takes it and answers.
      await signInOperator(agent, 'kf01', 'kf_pass01', '/ops/chat');
      const row = agent.getByRole('list', { name: '排队中' }).getByRole('button', { name: new RegExp(tag) });
      await expect(row).toBeVisible();
      await expect(row).toContainText('访客');
      await row.click();
      await agent.getByRole('button', { name: '接入', exact: true }).click();
      const agentLog = agent.getByRole('log', { name: '聊天记录' });
      await expect(agentLog.getByText('客服已接入').last()).toBeVisible();
      await expect(agentLog.getByRole('listitem').filter({ hasText: `访客咨询：怎么租号 ${tag}` })).toContainText(/^访客 · /);
      await agent.screenshot({ path: test.info().outputPath(`agent-1280-visitor-${width}.png`) });
      const reply = agent.getByLabel('回复内容');
      await reply.fill(`您好，注册后即可下单 ${tag}`);
      await reply.press('Enter');

      // It reaches the visitor without reloading, and the visitor's message reads 已读.
      await expect(log.getByText(`您好，注册后即可下单 ${tag}`)).toBeVisible();
      await expect(mine.getByText('已读', { exact: true })).toBeVisible();
      const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await visitor.screenshot({ path: test.info().outputPath(`visitor-${width}-answered.png`) });

      // A reload keeps the conversation: it is this browser's (home's notice may come again first).
      await visitor.reload();
      if (width === 1280) {
        await waitForChrome(visitor);
        await dismissPopups(visitor);
        await visitor.getByRole('navigation', { name: '快捷服务' }).getByRole('link', { name: '在线客服', exact: true }).click();
      }
      await expect(log.getByText(`您好，注册后即可下单 ${tag}`)).toBeVisible();

      if (width === 1280) {
        // Signing in joins the conversation to the account: the same lines, now the account's.
        await signIn(visitor, 'merchant01', 'merchant_pass01');
        await expect.poll(() => visitor.evaluate(() => localStorage.getItem('chat_visitor'))).toBeNull();
        await expect(chat).toBeVisible();
        await expect(chat.getByText('您尚未登录')).toHaveCount(0);
        await expect(log.getByText(`访客咨询：怎么租号 ${tag}`)).toBeVisible();
        await expect(log.getByText(`您好，注册后即可下单 ${tag}`)).toBeVisible();
        await visitor.getByLabel('输入消息').fill(`登录后继续问 ${tag}`);
        await visitor.getByLabel('输入消息').press('Enter');
        await expect(log.getByText(`登录后继续问 ${tag}`)).toBeVisible();
        // The desk has one conversation, still the agent's, now the account's (星耀租号), not a visitor's.
        await expect(agentLog.getByText(`登录后继续问 ${tag}`)).toBeVisible();
        await agent.reload();
        await agent.getByRole('tab', { name: /我的会话/ }).click();
        const joined = agent.getByRole('list', { name: '我的会话' }).getByRole('button', { name: new RegExp(`登录后继续问 ${tag}`) });
        await expect(joined).toBeVisible();
        await expect(joined).toContainText('星耀租号');
        await expect(joined).not.toContainText('访客');
      }
    } finally {
      await visitorContext.close();
      await agentContext.close();
    }
  });
}
