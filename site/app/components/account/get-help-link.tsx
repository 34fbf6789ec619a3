import { PATHS } from '#site/shared/paths.ts';
// "Get help" from a failed payment or a game: opens the support form with the reference filled in.

export function GetHelpLink({
  topic,
  reference,
}: {
  topic: 'payment' | 'game';
  reference: string;
}) {
  const query = new URLSearchParams({ topic, reference });
  return (
    <p>
      <a href={`${PATHS.support}?${query.toString()}`} className="get-help">
        Get help with this {topic === 'payment' ? 'payment' : 'game'}
      </a>
    </p>
  );
}
