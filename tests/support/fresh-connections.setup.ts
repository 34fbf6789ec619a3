// Vitest setup file (vitest.config.ts `setupFiles`): every HTTP call a test makes opens its own
// connection. With connections kept alive, a call could go out on a socket the server was closing
// for idleness just then (its keep-alive timeout and the client's race when a loaded machine delays
// either timer), and fail with ECONNRESET before the server saw it: a failure of the test's
// plumbing, not of the product.
import { Agent, setGlobalDispatcher } from 'undici';

setGlobalDispatcher(new Agent({ pipelining: 0 }));
