// The dashboard's icons: inline SVG in `currentColor`, no image requests.
import type { ReactNode } from 'react';
import { Icon } from '../icons';

export type AccountIconName =
  | 'home'
  | 'create'
  | 'join'
  | 'history'
  | 'deposit'
  | 'withdraw'
  | 'account'
  | 'rules'
  | 'terms'
  | 'privacy'
  | 'play'
  | 'chart';

const PATHS: Record<AccountIconName, ReactNode> = {
  home: <path d="M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-6h3v6h5V9.5" />,
  create: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8v8M8 12h8" />
    </>
  ),
  join: (
    <>
      <path d="M4 7h11l-3-3M20 17H9l3 3" />
      <path d="M17 7h3M4 17h3" />
    </>
  ),
  history: (
    <>
      <path d="M4 12a8 8 0 1 0 2.3-5.6L4 8.7" />
      <path d="M4 4v4.7h4.7M12 8v4l3 2" />
    </>
  ),
  deposit: (
    <>
      <path d="M12 3v11M8 10l4 4 4-4" />
      <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
    </>
  ),
  withdraw: (
    <>
      <path d="M12 14V3M8 7l4-4 4 4" />
      <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
    </>
  ),
  account: (
    <>
      <path d="M6 3h12v18l-3-2-3 2-3-2-3 2Z" />
      <path d="M9 8h6M9 12h6M9 16h3" />
    </>
  ),
  rules: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="3" />
      <circle cx="9" cy="9" r="1.2" fill="currentColor" />
      <circle cx="15" cy="15" r="1.2" fill="currentColor" />
      <circle cx="15" cy="9" r="1.2" fill="currentColor" />
      <circle cx="9" cy="15" r="1.2" fill="currentColor" />
    </>
  ),
  terms: (
    <>
      <path d="M7 3h7l4 4v14H7Z" />
      <path d="M14 3v4h4M10 11h5M10 15h5" />
    </>
  ),
  privacy: (
    <>
      <path d="M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6Z" />
      <path d="m9 12 2 2 4-4" />
    </>
  ),
  play: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m10 8 6 4-6 4Z" />
    </>
  ),
  chart: (
    <>
      <path d="M4 20h16M4 20V4" />
      <path d="m7 15 4-4 3 3 5-6" />
    </>
  ),
};

export function AccountIcon({ name, size = 28 }: { name: AccountIconName; size?: number }) {
  return <Icon size={size}>{PATHS[name]}</Icon>;
}
