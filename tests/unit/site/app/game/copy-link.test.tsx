// The invite's "Copy link" is a button that only scripts can run. In the waiting room it is part of
// an island, so on a slow phone the page shows before its scripts: until then the button is
// disabled (a tap is not silently lost), and the link itself stays selectable to copy by hand.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CopyLink } from '#site/app/game/copy-link.tsx';

describe('CopyLink before scripts run', () => {
  const html = renderToStaticMarkup(
    <CopyLink label="Invite link" url="https://example.zm/rentalgame/joinwithlink?room=abc" />,
  );

  it('renders the button disabled', () => {
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Copy link<\/button>/);
  });

  it('renders the link in a field that can be selected by hand', () => {
    expect(html).toContain('value="https://example.zm/rentalgame/joinwithlink?room=abc"');
    expect(html).not.toMatch(/<input[^>]*disabled/);
  });
});
