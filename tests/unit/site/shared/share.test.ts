// The words every share button sends, and the link previews' tags.
import { describe, expect, it } from 'vitest';
import { formatZmwShort } from '#game/ngwee.ts';
import { previewMeta, shareText, stakeHook, whatsAppLink } from '#site/shared/share.ts';

describe('share messages', () => {
  it("hooks with the stake and the winner's prize", () => {
    expect(stakeHook(10, 4)).toBe('ZMW 10 in, ZMW 32 to the winner');
    expect(stakeHook(50, 3)).toBe('ZMW 50 in, ZMW 120 to the winner');
    expect(shareText({ kind: 'room', stakeZmw: 10, maxPlayers: 4, url: 'https://z.zm/r' })).toBe(
      'Beat me at Zed Truck Company: ZMW 10 in, ZMW 32 to the winner. https://z.zm/r',
    );
    expect(
      shareText({ kind: 'win', stakeZmw: 20, players: 2, prizeZmw: 32, url: 'https://z.zm/' }),
    ).toBe(
      'I just won ZMW 32 at Zed Truck Company. Beat me: ZMW 20 in, ZMW 32 to the winner. https://z.zm/',
    );
    expect(
      shareText({ kind: 'win', stakeZmw: null, players: 4, prizeZmw: null, url: 'https://z.zm/' }),
    ).not.toContain('ZMW');
    expect(shareText({ kind: 'lesson', lesson: 'Cash first.', url: 'https://z.zm/p' })).toMatch(
      /Cash first\. .*https:\/\/z\.zm\/p$/,
    );
  });

  it('puts the whole message, encoded, in the WhatsApp link', () => {
    const text = 'Beat me & win: 100% "fair" ?x=1#y';
    const link = whatsAppLink(text);
    expect(link.startsWith('https://wa.me/?text=')).toBe(true);
    expect(new URL(link).searchParams.get('text')).toBe(text);
    expect(link.slice('https://wa.me/?text='.length)).not.toMatch(/[ &"#?]/);
  });

  it('names whole kwacha without ngwee in headlines', () => {
    expect(formatZmwShort(32)).toBe('ZMW 32');
    expect(formatZmwShort(1250)).toBe('ZMW 1,250');
    expect(formatZmwShort(32.5)).toBe('ZMW 32.50');
  });

  it('writes the Open Graph and Twitter tags of a preview, none without one', () => {
    const tags = previewMeta({
      title: 'T',
      description: 'D',
      image: 'https://z.zm/card.png',
      url: 'https://z.zm/r',
    });
    const byKey = new Map(tags.map((t) => [('property' in t ? t.property : t.name)!, t.content]));
    for (const key of ['og:title', 'og:description', 'og:image', 'og:url', 'twitter:card']) {
      expect(byKey.has(key)).toBe(true);
    }
    expect(byKey.get('twitter:card')).toBe('summary_large_image');
    expect(previewMeta(null)).toEqual([]);
  });
});
