import { PATHS } from '#site/shared/paths.ts';
// "the support form" (and "or email@…" when SUPPORT_EMAIL is set), for use inside a sentence; with
// the email as a prop it needs no router, so islands use it as it is (support-contact.tsx reads the
// email from the root loader for the rest of the page).

export function SupportReachTo({ email }: { email: string | null }) {
  return (
    <>
      <a href={PATHS.support}>the support form</a>
      {email ? (
        <>
          {' '}
          or <a href={`mailto:${email}`}>{email}</a>
        </>
      ) : null}
    </>
  );
}
