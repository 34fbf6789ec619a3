// Browser test files that must not run beside any other: a quick match ("Play ZMW 10 now") seats
// its player in any open public room at that stake, which may be another test's. Such files are
// named `*.alone.spec.ts`; playwright.config.ts runs them in a project of their own, after the rest.
export const ALONE_SPEC = /\.alone\.spec\.ts$/;
