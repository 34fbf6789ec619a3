// The last resort for page requests that fail before React Router can render its error boundary
// (e.g. the session lookup in getLoadContext): a small, self-contained HTML page, never a stack.
import type { ErrorRequestHandler } from 'express';

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Something went wrong</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.6;color:#1c1917;background:#fafaf9}
main{max-width:36rem;margin:0 auto;padding:4rem 1.25rem}
a{color:#14532d}
</style>
</head>
<body>
<main>
<h1>Something went wrong</h1>
<p>We could not show this page just now. Nothing was changed in your wallet or your games.</p>
<p>Please try again in a moment, or go back to the <a href="/">home page</a>.</p>
</main>
</body>
</html>
`;

export function pageErrorHandler(
  log: (message: string, error: unknown) => void,
): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    log(`${req.method} ${req.originalUrl} failed`, error);
    res.status(500).type('html').set('Cache-Control', 'no-store').send(PAGE);
  };
}
