import { formatWait } from '../../shared/rate-limited';

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
  weakPassword: 'Password should be at least 6 characters long.',
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
  tooManyAttempts: (seconds: number) =>
    `Too many login attempts. Please wait ${formatWait(seconds)} and try again.`,
} as const;
