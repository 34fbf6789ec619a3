// Services return refusals in the API's one shape (site/server/api/refusals.ts).
export { refuse, type Refusal } from '../api/refusals';
