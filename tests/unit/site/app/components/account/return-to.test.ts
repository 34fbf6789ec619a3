import { describe, expect, it } from 'vitest';
import {
  authPath,
  returnToAfterSignIn,
  signUpPath,
} from '#site/app/components/account/return-to.ts';
import { PATHS, roomPaths } from '#site/shared/paths.ts';

/** Where a link leads, read as the sign-in page reads it. */
function read(link: string) {
  const url = new URL(link, 'https://site.example');
  return {
    page: url.pathname,
    mode: url.searchParams.get('mode'),
    returnTo: url.searchParams.get('returnTo'),
  };
}

describe('the sign-in page’s links', () => {
  it('sign in, coming back to the page', () => {
    expect(read(authPath(PATHS.createGame))).toEqual({
      page: PATHS.auth,
      mode: null,
      returnTo: PATHS.createGame,
    });
  });

  it('sign up, with or without a page to come back to', () => {
    expect(read(signUpPath())).toEqual({ page: PATHS.auth, mode: 'signup', returnTo: null });
    const room = roomPaths.waitingRoom('room 1/2');
    expect(read(signUpPath(room))).toEqual({ page: PATHS.auth, mode: 'signup', returnTo: room });
  });

  it('never leads back to the sign-in page itself, nor off the site', () => {
    for (const loop of [
      PATHS.auth,
      PATHS.login,
      `${PATHS.auth}?mode=signup`,
      'https://evil.example/',
    ]) {
      expect(returnToAfterSignIn(loop)).toBe(PATHS.dashboard);
      expect(read(signUpPath(loop)).returnTo).toBe(PATHS.dashboard);
    }
  });
});
