// "Get help" from a failed payment or a game: opens the support form with the reference filled in.
import { SUPPORT_PAGE } from '../../content/brand';

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
      <a href={`${SUPPORT_PAGE}?${query.toString()}`} className="get-help">
        Get help with this {topic === 'payment' ? 'payment' : 'game'}
      </a>
    </p>
  );
}
