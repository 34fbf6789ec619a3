/** A refusal as the services return it; the routers answer it as `{error, code}`. */
export type Refusal = {
  ok: false;
  status: number;
  error: string;
  code?: string | undefined;
  retryAfterSeconds?: number;
};

export function refuse(status: number, error: string, code?: string): Refusal {
  return code ? { ok: false, status, error, code } : { ok: false, status, error };
}
