// HTTP redirect statuses (RFC 9110 §15.4) that carry a Location to follow. 300 and 304 do not redirect a fetch.
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
