// The account messages a person can see, and the account forms' field lengths: browser-safe, so the
// server's refusals and the screens' own checks speak with one voice.
import { countOf } from './count';
import { PHONE_CODE } from './phone-code';

/** Field lengths of the account forms (the server checks them, the screens show them). */
export const LIMITS = { name: 60, email: 254, passwordMin: 8, passwordMax: 256 } as const;

/** Every message a person can see from auth, word for word from the spec where it has one. */
export const authMessages = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Surname is required.',
  phoneRequired: 'Phone number is required.',
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required.',
  firstNameTooLong: 'First name must be at most 60 characters.',
  lastNameTooLong: 'Surname must be at most 60 characters.',
  invalidEmail: 'Please enter a valid email address.',
  weakPassword: 'Password should be at least 8 characters long.',
  commonPassword: 'This password is too common. Please choose one that is harder to guess.',
  passwordTooLong: 'Password must be at most 256 characters long.',
  invalidPhone: 'Please enter a valid Zambian phone number (e.g., 096...).',
  emailTaken: 'This email is already registered.',
  unknownEmail: 'no account found with this email',
  wrongPassword: 'Incorrect password. Please try again.',
  unexpected: 'Something went wrong. Please try again.',
  profileFailed: 'Failed to complete profile. Please try again.',
  notLoggedIn: 'You must be logged in.',
  guestsWatchOnly: 'Guests can only watch. Please sign up to play.',
  notAdmin: 'Unauthorized access',
  forbiddenOrigin: 'Forbidden: this request did not come from this site.',
  invalidJson: 'The request body is not valid JSON.',
  googleUnavailable: 'Google sign-in is not available.',
  googleFailed: 'Google sign-in failed. Please try again.',
  googleLinkRequired:
    'An account with this email already exists. Sign in with its password and link Google from your account page, or reset the password if you do not know it.',
  googleLinkFailed: 'Google could not be linked. Sign in and try again from your account page.',
  googleAlreadyLinked: 'That Google account is already linked to another account.',
  tokenInvalid: 'This link is not valid any more. Ask for a new one.',
  tokenExpired: 'This link has expired. Ask for a new one.',
  resetRequested: 'If an account exists for that address, we sent a link to reset its password.',
  passwordReset: 'Your password is changed. Log in with the new one.',
  passwordChanged: 'Your password is changed. Every other device is signed out.',
  noPassword: 'This account has no password yet. Use “Forgot password?” to set one.',
  verificationSent: 'We sent a new link to your email address.',
  emailAlreadyVerified: 'Your email address is already verified.',
  mailTooSoon: 'We sent you a link a moment ago. Please wait a minute before asking again.',
  /** The first sentence of a login's 429 (the wait follows: `refusalWords('rate_limited', …)`). */
  tooManyLogins: 'Too many login attempts.',
  codeSent: (phone: string) =>
    `We sent a ${PHONE_CODE.length}-digit code by SMS to ${phone}. ` +
    `It works for ${PHONE_CODE.lifetimeMinutes} minutes.`,
  codeMalformed: `Enter the ${PHONE_CODE.length}-digit code from the SMS.`,
  codeWrong: (triesLeft: number) =>
    `That code is not right. Check the SMS and try again (${countOf(triesLeft, 'try', 'tries')} left).`,
  codeExpired: 'This code has expired. Ask for a new one.',
  codeTooManyAttempts: 'Too many wrong codes: this one no longer works. Ask for a new one.',
  smsNotSent: 'We could not send the SMS just now. Please try again in a minute.',
  phoneTaken:
    'This number already signs in to another account. Log out and sign in with the number to use that account.',
  phoneProved:
    'Your phone number was confirmed by SMS and signs you in, so it cannot be changed here. Please contact support to change it.',
} as const;
