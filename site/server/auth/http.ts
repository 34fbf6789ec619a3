// The API's refusal helpers, where the auth routers (and others) have always imported them.
export { jsonBody, sendError, sendRefusal } from '../api/refusals';
