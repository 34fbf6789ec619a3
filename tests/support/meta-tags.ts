// Reading a server-rendered page's link preview: each `<meta property|name="…" content="…">` of its
// head, by its key, the content unescaped.
export function metaTags(html: string): Map<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  const tags = new Map<string, string>();
  for (const [, key, content] of head.matchAll(
    /<meta (?:property|name)="([^"]+)" content="([^"]*)"\/?>/g,
  )) {
    tags.set(
      key!,
      content!
        .replace(/&quot;/g, '"')
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    );
  }
  return tags;
}
