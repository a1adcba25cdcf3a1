// The profile's mail opt-in form, as the page and the server both name it. Kept apart from
// the zod schemas: the browser bundle must not load zod (its eval probe breaks the CSP).
export const MAIL_OPTIN_INTENT = "mailOptIn";
export const OPT_IN_LABEL = "Mail me when registration opens for a round";
