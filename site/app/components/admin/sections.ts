import { PATHS } from '#site/shared/paths.ts';
// The console's sections and its addresses: each section is a page of its own
// (`/rentalgame/admin?section=users&query=…`), so every view is a plain link and renders on the
// server.

export const SECTIONS = [
  { id: 'revenue', label: 'Revenue' },
  { id: 'users', label: 'Users' },
  { id: 'payments', label: 'Payments' },
  { id: 'support', label: 'Support' },
  { id: 'system', label: 'System' },
] as const;

export type SectionId = (typeof SECTIONS)[number]['id'];

export function sectionOf(value: string | null): SectionId {
  return SECTIONS.find((section) => section.id === value)?.id ?? 'revenue';
}

/** `/rentalgame/admin?section=…&…` (empty values left out). */
export function consoleHref(query: { section: SectionId } & Record<string, string | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  return `${PATHS.admin}?${params.toString()}`;
}
