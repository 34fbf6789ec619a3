// Where browsers reach the room servers (the lobby party lives there too). The composition root
// puts it in the loaders' context as `partyPublicUrl`; read defensively, since a server that does
// not provide it still works (the room list then falls back to polling the API).
export function partyOriginOf(context: unknown): string | null {
  if (typeof context !== 'object' || context === null) return null;
  const value = (context as { partyPublicUrl?: unknown }).partyPublicUrl;
  return typeof value === 'string' && /^(https?|wss?):\/\//.test(value) ? value : null;
}
