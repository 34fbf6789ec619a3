// Create a game: the option grid island (components/rooms/create-game-form.tsx). Without scripts
// its form posts here: the action accepts the terms first when that step was shown, then creates
// the room through the page door and goes on to the waiting room.
import { data, Link, redirect } from 'react-router';
import { AccountPage } from '../components/account/account-page';
import { Banner } from '../components/account/banner';
import { Island } from '../components/island';
import { AllowanceGate, loadAllowance } from '../components/responsible-play/allowance';
import {
  ACCEPT_TERMS_FIELDS,
  ACCEPT_TERMS_INTENT,
} from '../components/responsible-play/accept-terms';
import {
  choiceOf,
  createGameIsland,
  failureOf,
  NO_CHOICE,
  type Choice,
  type Failure,
} from '../components/rooms/create-game-form';
import { BRAND } from '../content/brand';
import { formChecked, formText } from '../form-data';
import { requireUser } from '../game/guards';
import { staticPage } from '../islands';
import accountStyles from '../styles/account.css?url';
import gameStyles from '../styles/game.css?url';
import type { Route } from './+types/create-game';
import { NOTICES, PATHS, roomPaths } from '#site/shared/paths.ts';
import { signUpPath } from '../components/account/return-to';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: gameStyles },
];

export const meta: Route.MetaFunction = () => [
  { title: `Create a game · ${BRAND.name}` },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context.user);
  const notice = new URL(request.url).searchParams.get('notice');
  const allowance = user.isGuest ? null : await loadAllowance(context.services);
  return { user, roomClosed: notice === NOTICES.roomClosed, allowance };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireUser(request, context.user);
  const form = await request.formData();
  const choice = choiceOf((name) => formText(form, name));
  const refused = (failure: Failure, status: number) => data({ choice, failure }, status);
  const { rooms, play } = context.services;
  if (formText(form, 'intent') === ACCEPT_TERMS_INTENT) {
    const accepted = await play.acceptTerms(formChecked(form, ACCEPT_TERMS_FIELDS.adult));
    if (!formChecked(form, ACCEPT_TERMS_FIELDS.accepted) || !accepted.ok) {
      const message = accepted.ok ? 'Please accept the Terms and Conditions.' : accepted.error;
      return refused({ kind: 'play', message, code: 'terms_required' }, 400);
    }
  }
  const { amount, time, maxPlayers, privacy } = choice;
  if (amount === null || time === null || maxPlayers === null || privacy === null) {
    return refused({ kind: 'missing' }, 400);
  }
  const answer = await rooms.create({ amount, time, maxPlayers, privacy });
  if (answer.ok) throw redirect(roomPaths.waitingRoom(answer.room.roomId));
  // The spec: creating while already seated just goes back to that room.
  const seatedIn = 'roomId' in answer && typeof answer.roomId === 'string' ? answer.roomId : null;
  if (answer.code === 'already_in_another_room' && seatedIn) {
    throw redirect(roomPaths.waitingRoom(seatedIn));
  }
  return refused(failureOf(answer.code, answer.error), answer.status);
}

export default function CreateGame({ loaderData, actionData }: Route.ComponentProps) {
  const { user, roomClosed, allowance } = loaderData;
  const initial: Choice = actionData?.choice ?? NO_CHOICE;
  return (
    <AccountPage user={user} className="create-game">
      <p className="account__back">
        <Link to={PATHS.dashboard}>← Dashboard</Link>
      </p>
      <h1 className="account__title">Create a new game</h1>
      {roomClosed ? (
        <Banner tone="info" title="The room was closed.">
          <p>Every stake in it was returned. Create a new room below, or join another one.</p>
        </Banner>
      ) : null}
      {user.isGuest ? (
        <Banner tone="error" title="Guests can only watch. Please sign up to play.">
          <p>
            <Link to={signUpPath(PATHS.createGame)}>Create an account</Link> to host a game for real
            money.
          </p>
        </Banner>
      ) : (
        <AllowanceGate allowance={allowance} kind="stake">
          <Island of={createGameIsland} props={{ initial, failed: actionData?.failure ?? null }} />
        </AllowanceGate>
      )}
    </AccountPage>
  );
}
