// Reading a posted form in a route's action: every field as text (a missing or file field is the
// empty string), and a checkbox as the boolean the JSON API takes.

export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** A checkbox posts its value only when checked. */
export function formChecked(form: FormData, name: string): boolean {
  return form.has(name);
}
