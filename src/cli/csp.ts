/**
 * The Content-Security-Policy a wikigen site is built to run under (docs/SECURITY.md). `wikigen serve --csp`
 * sends it, so the policy can be tried locally.
 */
export const RECOMMENDED_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ')
