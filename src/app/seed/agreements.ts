/**
 * The demo's first versions of 《平台服务协议》 and 《隐私政策》: generic texts that say plainly they
 * are demo texts, so the sign-in dialogs' links lead somewhere on the demo. Published only for a
 * document with no version yet (an operator's versions are never touched); a production install
 * (no demo seed) has none and its pages say 运营方尚未发布该协议.
 */
import { AGREEMENT_DOCUMENTS } from '~/features/content/constants';
import type { AgreementDocument } from '~/features/content/contract/agreements';
import type { Db } from '~/platform/db/client';
import { AppError } from '~/platform/http/errors';
import { currentAgreementVersions, publishAgreementVersion } from '~/features/content/server';

const DEMO_NOTICE = '> 本文为演示站点的通用示例文本，不构成任何法律约定。运营方上线前须在运营后台「用户协议」中发布经法务审阅的正式文本。';

export const DEMO_AGREEMENT_BODIES: Readonly<Record<AgreementDocument, string>> = {
  service: `${DEMO_NOTICE}

## 一、协议的范围
本协议是您与本平台运营方之间关于使用本平台租号服务所订立的协议。您在注册或登录时勾选同意，即表示您已阅读并同意本协议。

## 二、账号与安全
1. 您应使用本人手机号注册，并妥善保管账号和密码。
2. 租用的游戏账号仅限在租期内本人使用，不得转租、改密或用于违规行为。

## 三、费用与退款
租金、押金和退款规则以下单页面和帮助中心的说明为准。

## 四、协议的变更
运营方可发布本协议的新版本；新版本发布后，您再次登录并勾选同意即视为接受新版本。历史版本可在本页查阅。
`,
  privacy: `${DEMO_NOTICE}

## 一、我们收集的信息
- 注册和登录所需的手机号；
- 实名认证所需的姓名和身份证号（身份证号仅保存脱敏结果）；
- 订单、支付和提现记录。

## 二、信息的使用
上述信息仅用于提供租号服务、保障交易安全和履行法定义务。

## 三、信息的保护
我们采取加密传输和访问控制等措施保护您的信息，不会向无关第三方出售您的个人信息。

## 四、您的权利
您可在「账号设置」中查看和更正个人信息，也可申请注销账号。
`,
};

export async function seedDemoAgreements(db: Db, now: Date): Promise<{ seeded: boolean }> {
  const current = await currentAgreementVersions(db);
  let seeded = false;
  for (const document of AGREEMENT_DOCUMENTS) {
    if (current[document] !== undefined) continue;
    try {
      await publishAgreementVersion(db, null, { document, base_version: 0, body_md: DEMO_AGREEMENT_BODIES[document] }, now);
      seeded = true;
    } catch (error) {
      // Another process seeding at the same time published it first.
      if (!(error instanceof AppError && error.httpStatus === 409)) throw error;
    }
  }
  return { seeded };
}
