// Small inline SVG icons: no image requests, they scale with the text and take `currentColor`.
import type { ReactNode } from 'react';
import type { PillarId } from '../content/brand';

/** The frame every icon shares: a 24-unit stroked square, hidden from assistive technology. */
export function Icon({ children, size = 24 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export function MenuIcon() {
  return (
    <Icon>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </Icon>
  );
}

export function BellIcon() {
  return (
    <Icon>
      <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
      <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
    </Icon>
  );
}

export function CloseIcon() {
  return (
    <Icon>
      <path d="M6 6l12 12M18 6L6 18" />
    </Icon>
  );
}

const PILLAR_PATHS: Record<PillarId, ReactNode> = {
  brain: (
    <>
      <path d="M9 4.5a3 3 0 0 0-3 3 3 3 0 0 0-2 5.2A3.5 3.5 0 0 0 8 18h1V4.5Z" />
      <path d="M15 4.5a3 3 0 0 1 3 3 3 3 0 0 1 2 5.2A3.5 3.5 0 0 1 16 18h-1V4.5Z" />
      <path d="M9 4.5a3 3 0 0 1 6 0M9 18v1.5M15 18v1.5M9 11h2M13 14h2" />
    </>
  ),
  land: (
    <>
      <path d="M3 20h18M4 20v-7l5-4 5 4v7" />
      <path d="M8 20v-4h2v4M14 20l3-8 4 8" />
      <path d="M17 8c0-2 1.5-3.5 3-4-.2 2-1.2 3.6-3 4ZM17 8c0-1.6-1-3-2.6-3.5.1 1.7 1 3 2.6 3.5Z" />
    </>
  ),
  air: (
    <>
      <path d="M12 13v8M9 21h6" />
      <circle cx="12" cy="11" r="2" />
      <path d="M8.5 7.5a5 5 0 0 0 0 7M15.5 7.5a5 5 0 0 1 0 7" />
      <path d="M5.6 4.6a9 9 0 0 0 0 12.8M18.4 4.6a9 9 0 0 1 0 12.8" />
    </>
  ),
  water: (
    <>
      <path d="M12 3s6 6.5 6 11a6 6 0 0 1-12 0c0-4.5 6-11 6-11Z" />
      <path d="M9 15a3 3 0 0 0 3 3" />
    </>
  ),
};

export function PillarIcon({ pillar }: { pillar: PillarId }) {
  return <Icon size={32}>{PILLAR_PATHS[pillar]}</Icon>;
}

export function ArrowIcon() {
  return (
    <Icon size={20}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </Icon>
  );
}

export function MailIcon() {
  return (
    <Icon size={18}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </Icon>
  );
}

export function PhoneIcon() {
  return (
    <Icon size={18}>
      <path d="M5 4h3l2 5-2.5 1.5a11 11 0 0 0 6 6L15 14l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z" />
    </Icon>
  );
}
