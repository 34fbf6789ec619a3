// The account messages live in site/shared (the screens need them too); the server imports them here.
export { authMessages, LIMITS } from '../../shared/auth-messages';
