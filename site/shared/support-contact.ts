/** The operator's published contact details (`SUPPORT_EMAIL`, `SUPPORT_PHONE`); null when unset. */
export interface SupportContact {
  email: string | null;
  phone: string | null;
}
