// The link-preview fetchers: the programs a chat app or a social site sends to read a shared link's
// Open Graph tags. They need the page's head, never a session: a shared board link opened by one
// watches nothing, so it is not given the guest session a person's browser is.
// In-app browsers (Facebook's, Snapchat's, Viber's) carry a person and are left out on purpose.

/** By the name each puts in its User-Agent (their own documentation's wording). */
const PREVIEW_FETCHER =
  /\b(WhatsApp|facebookexternalhit|Facebot|meta-externalagent|Twitterbot|TelegramBot|Slackbot(-LinkExpanding)?|Slack-ImgProxy|Discordbot|LinkedInBot|SkypeUriPreview|Pinterestbot|redditbot|Embedly|Applebot|Googlebot|bingbot|Iframely|vkShare)\b/i;

export function isLinkPreviewFetcher(userAgent: string): boolean {
  return PREVIEW_FETCHER.test(userAgent);
}
