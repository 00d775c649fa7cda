import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import CollectionsList from '~/features/account/ui/CollectionsList';
import DetailActions from '~/features/catalog/ui/DetailActions';
import SearchHistory from '~/features/catalog/ui/SearchHistory';
import SearchTemplates from '~/features/catalog/ui/SearchTemplates';

// docs/user-catalog-api.md: none of the per-user state is in server-rendered HTML, so each
// island's server markup is the same for every visitor.
describe('the per-user islands render the same server HTML for everyone', () => {
  it('search history adds nothing to the header', () => {
    expect(renderToStaticMarkup(createElement(SearchHistory))).toBe('');
  });

  it('search templates render only the row label', () => {
    const markup = renderToStaticMarkup(createElement(SearchTemplates));
    expect(markup).toContain('我的搜索模板');
    expect(markup).not.toContain('<a');
    expect(markup).not.toContain('<button');
  });

  it('the detail actions are two unpressed toggles without counts', () => {
    const markup = renderToStaticMarkup(createElement(DetailActions, { listingId: 5 }));
    expect(markup.match(/aria-pressed="false"/g)).toHaveLength(2);
    expect(markup).toContain('点赞');
    expect(markup).toContain('收藏');
    expect(markup).not.toContain('已收藏');
    expect(markup).not.toMatch(/tabular-nums/);
    expect(markup).not.toContain('data-open-login');
  });

  it('as the signed-out offer, both buttons open the login dialog through the page chrome', () => {
    const markup = renderToStaticMarkup(createElement(DetailActions, { listingId: 5, signInOffer: true }));
    expect(markup.match(/data-open-login="scan"/g)).toHaveLength(2);
  });

  it('the collections page shows the loading skeleton until hydration', () => {
    const markup = renderToStaticMarkup(createElement(CollectionsList, { title: '我的收藏' }));
    expect(markup).toContain('加载中');
    expect(markup).not.toContain('暂无收藏');
  });
});
